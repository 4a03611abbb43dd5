import { describe, expect, it } from 'vitest';
import { goToPaymentLink, paymentLinkFor, type BrowserNavigation } from './payment-link';

describe('the hosted payment link', () => {
  it('carries the account id and e-mail, encoded, beside existing parameters', () => {
    const url = new URL(paymentLinkFor('https://buy.stripe.com/test_abc?locale=en', { id: 42, email: 'ana+desk@example.com' }));
    expect(url.origin + url.pathname).toBe('https://buy.stripe.com/test_abc');
    expect(url.searchParams.get('locale')).toBe('en');
    expect(url.searchParams.get('client_reference_id')).toBe('42');
    expect(url.searchParams.get('prefilled_email')).toBe('ana+desk@example.com');
  });

  it('leaves the page for the link', () => {
    const calls: string[] = [];
    const browser: BrowserNavigation = {
      assign: (url) => calls.push(`assign ${url}`),
      open: (url) => calls.push(`open ${url}`),
      logError: () => calls.push('log'),
    };
    goToPaymentLink('https://pay.example/x', browser);
    expect(calls).toEqual(['assign https://pay.example/x']);
  });

  it('opens the link in a new tab and logs when the redirect throws', () => {
    const calls: string[] = [];
    const failure = new Error('navigation blocked');
    const logged: unknown[] = [];
    goToPaymentLink('https://pay.example/x', {
      assign: () => {
        throw failure;
      },
      open: (url) => calls.push(`open ${url}`),
      logError: (_message, error) => logged.push(error),
    });
    expect(calls).toEqual(['open https://pay.example/x']);
    expect(logged).toEqual([failure]);
  });
});
