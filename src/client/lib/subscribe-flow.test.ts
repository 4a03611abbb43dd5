import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '~/shared/payment-messages';
import { decideAfterCreate, decidePromo, decideTeamCheck, normalisePromoCode } from './subscribe-flow';

describe('promo code entry', () => {
  it('trims the code and treats blank as none', () => {
    expect(normalisePromoCode('  HALF ')).toBe('HALF');
    expect(normalisePromoCode('')).toBeUndefined();
    expect(normalisePromoCode('   \t')).toBeUndefined();
  });
});

describe('the promo decision', () => {
  it('creates a 100%-off code directly', () => {
    const decision = decidePromo('FREE', {
      valid: true,
      message: 'Promo code applied: 100% off. No card needed.',
      discount: { amount: 100, type: 'percent', is100PercentOff: true },
    });
    expect(decision).toEqual({ promoCode: 'FREE', fullDiscount: true });
  });

  it('keeps a partial discount for the payment form', () => {
    const decision = decidePromo('HALF', {
      valid: true,
      message: 'Promo code applied: 50% off',
      discount: { amount: 50, type: 'percent', is100PercentOff: false },
    });
    expect(decision).toEqual({ promoCode: 'HALF', fullDiscount: false });
  });

  it('drops an invalid code and carries the server message on', () => {
    const decision = decidePromo('NOPE', { valid: false, message: 'This promo code has expired' });
    expect(decision).toEqual({ promoCode: undefined, fullDiscount: false, invalidMessage: 'This promo code has expired' });
  });
});

describe('after the subscription is created', () => {
  const base = { subscriptionId: 'sub_1', is100PercentOff: false, message: 'ok' };

  it('goes to the editor when the subscription was already active', () => {
    expect(decideAfterCreate({ ...base, message: 'Subscription already active' }, false)).toEqual({ kind: 'already-active' });
    expect(decideAfterCreate({ subscriptionId: '', is100PercentOff: false, message: 'Subscription already active' }, true)).toEqual({
      kind: 'already-active',
    });
  });

  it('activates a 100%-off subscription without a payment form', () => {
    expect(decideAfterCreate(base, true)).toEqual({ kind: 'activate' });
    expect(decideAfterCreate({ ...base, is100PercentOff: true }, false)).toEqual({ kind: 'activate' });
  });

  it('shows the payment form for a client secret', () => {
    expect(decideAfterCreate({ ...base, clientSecret: 'seti_1_secret_2' }, false)).toEqual({
      kind: 'payment',
      clientSecret: 'seti_1_secret_2',
    });
  });

  it('activates a subscription that needs no secret (local billing)', () => {
    expect(decideAfterCreate(base, false)).toEqual({ kind: 'activate' });
  });

  it('fails with the missing-secret message when there is neither an id nor a secret', () => {
    expect(decideAfterCreate({ subscriptionId: '', is100PercentOff: false, message: '' }, false)).toEqual({
      kind: 'failed',
      message: PAYMENT_MESSAGES.missingClientSecret,
    });
  });
});

describe('the I have a team check', () => {
  it('answers for no team, an active team and any other status', () => {
    expect(decideTeamCheck(null)).toBe('no-team');
    expect(decideTeamCheck(undefined)).toBe('no-team');
    expect(decideTeamCheck({ subscriptionStatus: 'active' })).toBe('team-active');
    expect(decideTeamCheck({ subscriptionStatus: 'suspended' })).toBe('team-inactive');
    expect(decideTeamCheck({ subscriptionStatus: null })).toBe('team-inactive');
  });
});
