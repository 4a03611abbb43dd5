/** The hosted payment page for this user: Stripe ties the payment back to the account by these two parameters. */
export function paymentLinkFor(base: string, user: { id: number; email: string }): string {
  const url = new URL(base);
  url.searchParams.set('client_reference_id', String(user.id));
  url.searchParams.set('prefilled_email', user.email);
  return url.toString();
}

export interface BrowserNavigation {
  assign(url: string): void;
  open(url: string): void;
  logError(message: string, error: unknown): void;
}

/** Goes to the payment page; when the browser refuses to leave, the page opens in a new tab instead. */
export function goToPaymentLink(url: string, browser: BrowserNavigation): void {
  try {
    browser.assign(url);
  } catch (error) {
    browser.logError('Redirect to the payment page failed; opening it in a new tab', error);
    browser.open(url);
  }
}

export const windowNavigation: BrowserNavigation = {
  assign: (url) => window.location.assign(url),
  open: (url) => {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  logError: (message, error) => console.error(message, error),
};
