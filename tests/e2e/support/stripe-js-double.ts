import type { Page } from 'playwright-core';

export const STRIPE_PUBLISHABLE_TEST_KEY = 'pk_test_copydesk_double';

export type ConfirmKind = 'confirmSetup' | 'confirmPayment';

/** What Stripe.js answers a confirmation with: the intent, or Stripe's error object. */
export type ConfirmAnswer =
  | { setupIntent: { id: string; status: string } }
  | { paymentIntent: { id: string; status: string } }
  | { error: { type: string; code?: string; decline_code?: string; message?: string } };

/** One call the page made into Stripe.js, with its (serialisable) arguments. */
export type StripeJsCall = [string, ...unknown[]];

/**
 * Test double at the edge of the network: Stripe.js as served from
 * js.stripe.com, which a browser test cannot load. It implements the calls
 * @stripe/react-stripe-js and the payment form make (Stripe(), elements(),
 * create('payment'), mount, ready and change events, clear, confirmSetup and
 * confirmPayment), draws a plain placeholder instead of Stripe's card iframe,
 * records every call, and asks the test (through an exposed function) how a
 * confirmation turns out, so the test can play Stripe's side of it.
 */
const STRIPE_JS = `(() => {
  const calls = (window.__stripeJsCalls = []);
  const plain = (value) => JSON.parse(JSON.stringify(value ?? null));

  function paymentElement(type) {
    const handlers = {};
    let node = null;
    const emit = (event, payload) => (handlers[event] || []).forEach((handler) => handler(payload));
    return {
      mount(target) {
        const parent = typeof target === 'string' ? document.querySelector(target) : target;
        node = document.createElement('div');
        node.setAttribute('data-stripe-double', type);
        node.style.cssText = 'border:1px solid #cbd5e1;border-radius:8px;padding:16px;font:14px system-ui;color:#475569';
        node.textContent = 'Card details (Stripe.js test double)';
        parent.appendChild(node);
        calls.push(['element.mount', type]);
        setTimeout(() => emit('ready', { elementType: type }), 0);
      },
      on(event, handler) { (handlers[event] ||= []).push(handler); return this; },
      off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); return this; },
      once(event, handler) { return this.on(event, handler); },
      update(options) { calls.push(['element.update', plain(options)]); },
      clear() { calls.push(['element.clear']); },
      focus() {}, blur() {}, collapse() {},
      unmount() { node?.remove(); },
      destroy() { node?.remove(); calls.push(['element.destroy']); },
    };
  }

  function Stripe(key, options) {
    calls.push(['Stripe', key]);
    let clientSecret = null;
    let element = null;
    const elements = {
      create(type, options) { calls.push(['elements.create', type, plain(options)]); element = paymentElement(type); return element; },
      getElement(type) { return element; },
      update(options) { calls.push(['elements.update', plain(options)]); },
      async submit() { return {}; },
      async fetchUpdates() { return {}; },
    };
    const confirm = (kind) => async (options) => {
      calls.push([kind, { confirmParams: plain(options.confirmParams), redirect: options.redirect, withElements: options.elements === elements }]);
      return window.stripeJsDoubleConfirm(kind, clientSecret);
    };
    return {
      elements(options) { calls.push(['stripe.elements', plain(options)]); clientSecret = options?.clientSecret ?? null; return elements; },
      confirmSetup: confirm('confirmSetup'),
      confirmPayment: confirm('confirmPayment'),
      createToken() {}, createPaymentMethod() {}, confirmCardPayment() {},
      registerAppInfo() {}, _registerWrapper() {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();`;

/** Serves the Stripe.js double to this page; `confirm` decides each confirmation. */
export async function installStripeJsDouble(
  page: Page,
  confirm: (kind: ConfirmKind, clientSecret: string | null) => ConfirmAnswer | Promise<ConfirmAnswer>,
): Promise<void> {
  await page.exposeFunction('stripeJsDoubleConfirm', confirm);
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_JS }),
  );
}

export function stripeJsCalls(page: Page): Promise<StripeJsCall[]> {
  return page.evaluate(() => (window as unknown as { __stripeJsCalls?: StripeJsCall[] }).__stripeJsCalls ?? []);
}

/** The intent id in a client secret (`seti_123_secret_abc` -> `seti_123`). */
export function intentIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0]!;
}
