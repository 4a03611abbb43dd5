import { describe, expect, it } from 'vitest';
import { hasPaymentReturnQuery, isPaymentReturn, paymentReturnSearch, successPageStart } from './payment-return';

const user = (subscriptionStatus: string) => ({ subscriptionStatus, teamId: null });
const at = (pathname: string, search: Record<string, unknown> = {}) => ({ pathname, search });

describe('payment-return recognition', () => {
  it('recognises every provider parameter in the query', () => {
    for (const key of ['session_id', 'payment_intent', 'payment_intent_client_secret', 'setup_intent', 'setup_intent_client_secret']) {
      expect(hasPaymentReturnQuery({ [key]: 'x_1' })).toBe(true);
      expect(isPaymentReturn(at('/', { [key]: 'x_1' }))).toBe(true);
    }
  });

  it('ignores other and empty parameters', () => {
    expect(hasPaymentReturnQuery({})).toBe(false);
    expect(hasPaymentReturnQuery({ redirect_status: 'succeeded', ref: 'mail' })).toBe(false);
    expect(hasPaymentReturnQuery({ session_id: '' })).toBe(false);
    expect(isPaymentReturn(at('/subscribe', { tab: 'x' }))).toBe(false);
  });

  it('counts a path under /success as a return', () => {
    expect(isPaymentReturn(at('/success'))).toBe(true);
    expect(isPaymentReturn(at('/billing/success'))).toBe(true);
    expect(isPaymentReturn(at('/settings'))).toBe(false);
  });

  it('keeps only the provider parameters, as text', () => {
    expect(paymentReturnSearch({ session_id: 'cs_1', utm: 'x', payment_intent: 42, setup_intent: { a: 1 } })).toEqual({
      session_id: 'cs_1',
      payment_intent: '42',
    });
  });
});

describe('what /success does first', () => {
  it('sends a subscriber who did not just pay to /chat', () => {
    expect(successPageStart(user('active'), at('/success'))).toBe('chat');
    expect(successPageStart(user('trialing'), at('/success'))).toBe('chat');
  });

  it('welcomes an active subscriber back from the provider', () => {
    expect(successPageStart(user('active'), at('/success', { session_id: 'cs_1' }))).toBe('welcome');
  });

  it('activates after a payment return while the status is not active yet', () => {
    expect(successPageStart(user('inactive'), at('/success', { setup_intent: 'seti_1' }))).toBe('activate');
    expect(successPageStart(user('incomplete'), at('/success', { payment_intent: 'pi_1' }))).toBe('activate');
    expect(successPageStart(user('trialing'), at('/success', { setup_intent: 'seti_1' }))).toBe('activate');
    // The path itself is a payment return, so a bare /success still asks the provider.
    expect(successPageStart(user('inactive'), at('/success'))).toBe('activate');
  });

  it('sends a non-subscriber elsewhere to /subscribe', () => {
    expect(successPageStart(user('inactive'), at('/welcome'))).toBe('subscribe');
  });
});
