import { hasOwnSubscription, type AccessUser } from '~/shared/access';

/** Query parameters a payment provider adds when it sends the browser back. */
export const PAYMENT_RETURN_PARAMS = [
  'session_id',
  'payment_intent',
  'payment_intent_client_secret',
  'setup_intent',
  'setup_intent_client_secret',
] as const;

export type PaymentReturnParam = (typeof PAYMENT_RETURN_PARAMS)[number];
export type PaymentReturnSearch = Partial<Record<PaymentReturnParam, string>>;

/** Keeps the payment-return parameters of a parsed query (as text) and drops everything else. */
export function paymentReturnSearch(search: Record<string, unknown>): PaymentReturnSearch {
  const kept: PaymentReturnSearch = {};
  for (const key of PAYMENT_RETURN_PARAMS) {
    const value = search[key];
    if (typeof value === 'string' || typeof value === 'number') kept[key] = String(value);
  }
  return kept;
}

export function hasPaymentReturnQuery(search: Record<string, unknown>): boolean {
  return PAYMENT_RETURN_PARAMS.some((key) => {
    const value = search[key];
    return value != null && value !== '';
  });
}

/** The spec's rule: a provider parameter in the query, or a path under /success. */
export function isPaymentReturn(location: { pathname: string; search: Record<string, unknown> }): boolean {
  return hasPaymentReturnQuery(location.search) || location.pathname.includes('/success');
}

export type SuccessStart = 'chat' | 'welcome' | 'activate' | 'subscribe';

/**
 * What /success does first. On /success the path alone would always count as a
 * payment return, so "already subscribed and not from a payment return" is
 * decided by the query; without it a subscriber is simply sent on to /chat.
 */
export function successPageStart(user: AccessUser, location: { pathname: string; search: Record<string, unknown> }): SuccessStart {
  if (hasOwnSubscription(user) && !hasPaymentReturnQuery(location.search)) return 'chat';
  if (user.subscriptionStatus === 'active') return 'welcome';
  return isPaymentReturn(location) ? 'activate' : 'subscribe';
}
