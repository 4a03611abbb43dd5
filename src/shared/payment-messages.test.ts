import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, paymentErrorMessage, type ProviderError } from './payment-messages';

// Errors as Stripe.js hands them to the payment form (confirmSetup / confirmPayment), by provider code.
const CASES: Array<[string, ProviderError | null | undefined, string]> = [
  [
    'card_declined',
    { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    'Your card was declined. Please try a different payment method or contact your bank.',
  ],
  [
    'live-mode test card',
    {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'live_mode_test_card',
      message: 'Your card was declined. Your request was in live mode, but used a known test card.',
    },
    PAYMENT_MESSAGES.live_mode_test_card,
  ],
  [
    'expired_card',
    { type: 'card_error', code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
    'Your card has expired. Please use a different card.',
  ],
  [
    'incorrect_cvc',
    { type: 'card_error', code: 'incorrect_cvc', decline_code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
    PAYMENT_MESSAGES.incorrect_cvc,
  ],
  [
    'processing_error',
    {
      type: 'card_error',
      code: 'processing_error',
      decline_code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
    'We encountered an issue processing your payment. Please try again in a moment.',
  ],
  [
    'incomplete_number',
    { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
    'Please enter your complete card number.',
  ],
  [
    'postal_code_invalid',
    { type: 'card_error', code: 'postal_code_invalid', message: 'The postal code provided was incorrect.' },
    'Please enter a valid postal code.',
  ],
  [
    'incorrect_number',
    { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.' },
    PAYMENT_MESSAGES.incorrect_number,
  ],
  [
    'incomplete_cvc',
    { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." },
    PAYMENT_MESSAGES.incomplete_cvc,
  ],
  [
    'incomplete_expiry',
    { type: 'validation_error', code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." },
    PAYMENT_MESSAGES.incomplete_expiry,
  ],
  [
    'insufficient_funds',
    { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    PAYMENT_MESSAGES.insufficient_funds,
  ],
  [
    'authentication failure',
    {
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
      message: 'We are unable to authenticate your payment method.',
    },
    PAYMENT_MESSAGES.authentication,
  ],
  [
    'authentication_required decline',
    {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
    },
    PAYMENT_MESSAGES.authentication,
  ],
  ['message naming authentication', { message: '3D Secure authentication was not completed.' }, PAYMENT_MESSAGES.authentication],
  [
    'api_connection_error',
    { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe.' },
    PAYMENT_MESSAGES.network,
  ],
  [
    'message naming the network',
    { message: 'A network error has occurred, and the request could not be completed.' },
    PAYMENT_MESSAGES.network,
  ],
  [
    'setup_intent_unexpected_state',
    { type: 'invalid_request_error', code: 'setup_intent_unexpected_state', message: 'This SetupIntent is in an unexpected state.' },
    PAYMENT_MESSAGES.setup_failed,
  ],
  ['message saying setup failed', { message: 'Payment method setup failed.' }, PAYMENT_MESSAGES.setup_failed],
  [
    'provider message for anything else',
    { type: 'invalid_request_error', code: 'amount_too_small', message: 'Amount must be at least $0.50 usd.' },
    'Amount must be at least $0.50 usd.',
  ],
  ['generic when the provider says nothing', { type: 'api_error' }, 'An error occurred while processing your payment. Please try again.'],
  [
    'a code that happens to name an object property',
    { code: 'constructor', decline_code: 'toString', message: 'Odd reply.' },
    'Odd reply.',
  ],
  ['generic for an empty message', { code: 'unknown_code', message: '' }, PAYMENT_MESSAGES.generic],
  ['no error at all', null, 'An unexpected error occurred'],
  ['undefined error', undefined, 'An unexpected error occurred'],
];

describe('payment error messages', () => {
  it.each(CASES)('%s', (_name, error, expected) => {
    expect(paymentErrorMessage(error)).toBe(expected);
  });

  it('reaches every message of the catalogue that answers a provider error', () => {
    const reached = new Set(CASES.map(([, error]) => paymentErrorMessage(error)));
    // The other two answer states of the form itself, not the provider.
    const formStates = new Set<string>([PAYMENT_MESSAGES.notReady, PAYMENT_MESSAGES.missingClientSecret]);
    const catalogue = Object.values(PAYMENT_MESSAGES).filter((m) => !formStates.has(m));
    expect(catalogue.filter((m) => !reached.has(m))).toEqual([]);
  });

  it('keeps the spec wording', () => {
    expect(PAYMENT_MESSAGES.live_mode_test_card).toMatch(/test cards? cannot be used in live mode/i);
    expect(PAYMENT_MESSAGES.incorrect_cvc).toMatch(/^The security code \(CVC\) you entered is incorrect/);
    expect(PAYMENT_MESSAGES.network).toMatch(/^Network error occurred/);
    expect(PAYMENT_MESSAGES.setup_failed).toMatch(/^Failed to set up your payment method\./);
    expect(PAYMENT_MESSAGES.authentication).toMatch(/additional verification/);
    expect(PAYMENT_MESSAGES.notReady).toBe('Payment system is not ready. Please refresh the page and try again.');
    expect(PAYMENT_MESSAGES.missingClientSecret).toBe('Unable to initialize payment form. Please try again later.');
    const distinct = ['incorrect_number', 'incomplete_cvc', 'incomplete_expiry', 'insufficient_funds'] as const;
    expect(new Set(distinct.map((k) => PAYMENT_MESSAGES[k])).size).toBe(distinct.length);
  });
});
