/** The spec's payment message catalogue (section 8), keyed by the provider's error codes. */
export const PAYMENT_MESSAGES = {
  card_declined: 'Your card was declined. Please try a different payment method or contact your bank.',
  live_mode_test_card: 'Your card was declined. Test cards cannot be used in live mode; please use a real card.',
  expired_card: 'Your card has expired. Please use a different card.',
  incorrect_cvc: 'The security code (CVC) you entered is incorrect. Please check it and try again.',
  processing_error: 'We encountered an issue processing your payment. Please try again in a moment.',
  incomplete_number: 'Please enter your complete card number.',
  postal_code_invalid: 'Please enter a valid postal code.',
  incorrect_number: 'Your card number is incorrect. Please check it and try again.',
  incomplete_cvc: "Please enter your card's security code (CVC).",
  incomplete_expiry: "Please enter your card's expiration date.",
  insufficient_funds: 'Your card has insufficient funds. Please use a different payment method.',
  authentication: 'Your bank requires additional verification. Please complete the authentication and try again.',
  network: 'Network error occurred. Please check your connection and try again.',
  setup_failed: 'Failed to set up your payment method. Please try again or use a different card.',
  generic: 'An error occurred while processing your payment. Please try again.',
  unexpected: 'An unexpected error occurred',
  notReady: 'Payment system is not ready. Please refresh the page and try again.',
  missingClientSecret: 'Unable to initialize payment form. Please try again later.',
} as const;

export interface ProviderError {
  code?: string;
  decline_code?: string;
  type?: string;
  message?: string;
}

const BY_CODE: Record<string, string> = {
  card_declined: PAYMENT_MESSAGES.card_declined,
  expired_card: PAYMENT_MESSAGES.expired_card,
  incorrect_cvc: PAYMENT_MESSAGES.incorrect_cvc,
  processing_error: PAYMENT_MESSAGES.processing_error,
  incomplete_number: PAYMENT_MESSAGES.incomplete_number,
  postal_code_invalid: PAYMENT_MESSAGES.postal_code_invalid,
  incorrect_number: PAYMENT_MESSAGES.incorrect_number,
  incomplete_cvc: PAYMENT_MESSAGES.incomplete_cvc,
  incomplete_expiry: PAYMENT_MESSAGES.incomplete_expiry,
  insufficient_funds: PAYMENT_MESSAGES.insufficient_funds,
  setup_intent_authentication_failure: PAYMENT_MESSAGES.authentication,
  payment_intent_authentication_failure: PAYMENT_MESSAGES.authentication,
  setup_intent_unexpected_state: PAYMENT_MESSAGES.setup_failed,
  // Decline codes: the issuer's reason, carried under the code card_declined.
  live_mode_test_card: PAYMENT_MESSAGES.live_mode_test_card,
  authentication_required: PAYMENT_MESSAGES.authentication,
};

const messageFor = (code: string | undefined) => (code && Object.hasOwn(BY_CODE, code) ? BY_CODE[code] : undefined);

/** What the payment form shows for an error from the provider (or none at all). */
export function paymentErrorMessage(error: ProviderError | null | undefined): string {
  if (!error) return PAYMENT_MESSAGES.unexpected;
  // The issuer's reason is more specific than the card_declined that carries it.
  const byReason = messageFor(error.decline_code) ?? messageFor(error.code);
  if (byReason) return byReason;
  // Stripe.js could not reach Stripe; its own message does not say "network".
  if (error.type === 'api_connection_error') return PAYMENT_MESSAGES.network;
  const text = (error.message ?? '').toLowerCase();
  if (text.includes('authentication')) return PAYMENT_MESSAGES.authentication;
  if (text.includes('network')) return PAYMENT_MESSAGES.network;
  if (text.includes('setup') && text.includes('fail')) return PAYMENT_MESSAGES.setup_failed;
  return error.message || PAYMENT_MESSAGES.generic;
}
