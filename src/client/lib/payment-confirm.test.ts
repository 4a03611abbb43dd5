import { describe, expect, it } from 'vitest';
import { confirmKindFor, successReturnUrl, successSearchFor } from './payment-confirm';

describe('confirming the payment form', () => {
  it('confirms a SetupIntent secret as a setup and a PaymentIntent secret as a payment', () => {
    expect(confirmKindFor('seti_1Abc_secret_xyz')).toBe('setup');
    expect(confirmKindFor('pi_3Def_secret_uvw')).toBe('payment');
  });

  it('has nothing to confirm without a recognisable secret', () => {
    expect(confirmKindFor(undefined)).toBeNull();
    expect(confirmKindFor('')).toBeNull();
    expect(confirmKindFor('cs_test_123')).toBeNull();
  });

  it('returns to /success on this origin', () => {
    expect(successReturnUrl('https://desk.example.org')).toBe('https://desk.example.org/success');
  });

  it('tells /success which intent was confirmed, without the secret', () => {
    expect(successSearchFor('seti_1Abc_secret_xyz')).toEqual({ setup_intent: 'seti_1Abc' });
    expect(successSearchFor('pi_3Def_secret_uvw')).toEqual({ payment_intent: 'pi_3Def' });
    expect(successSearchFor('nonsense')).toEqual({});
  });
});
