import type { PaymentReturnSearch } from './payment-return';

export type ConfirmKind = 'setup' | 'payment';

/** A SetupIntent secret (trial: the card is saved) or a PaymentIntent secret (charged now). */
export function confirmKindFor(clientSecret: string | null | undefined): ConfirmKind | null {
  if (!clientSecret) return null;
  if (clientSecret.startsWith('seti_')) return 'setup';
  if (clientSecret.startsWith('pi_')) return 'payment';
  return null;
}

export function successReturnUrl(origin: string): string {
  return `${origin}/success`;
}

/**
 * The query /success receives after a confirmation that needed no redirect,
 * the same one the provider adds when it does redirect: the intent's id (the
 * secret's part before `_secret_`), never the secret itself.
 */
export function successSearchFor(clientSecret: string): PaymentReturnSearch {
  const kind = confirmKindFor(clientSecret);
  if (!kind) return {};
  const intentId = clientSecret.split('_secret_')[0]!;
  return kind === 'setup' ? { setup_intent: intentId } : { payment_intent: intentId };
}
