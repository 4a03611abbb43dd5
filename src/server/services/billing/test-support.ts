import Stripe from 'stripe';
import { startStripeServer, type StripeServer } from '../../../../tests/support/stripe-server';
import { createTestApp, type TestApp } from '../../test-app';

export const WEBHOOK_SECRET = 'whsec_copydesk_test_secret';

/** A test app whose Stripe adapter talks to a fresh Stripe double that keeps the app's fixed clock. */
export async function startStripeApp(): Promise<{ t: TestApp; stripe: StripeServer }> {
  const stripe = await startStripeServer({ now: () => t.clock().getTime() });
  const t = createTestApp({ env: stripe.env({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }) });
  return { t, stripe };
}

/** Delivers an event as Stripe does: the raw JSON body signed with the SDK's own test helper. */
export function deliverWebhook(
  t: TestApp,
  event: object,
  o: { timestamp?: number; secret?: string; body?: (signed: string) => string } = {},
): Response | Promise<Response> {
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: o.secret ?? WEBHOOK_SECRET,
    timestamp: o.timestamp ?? Math.floor(t.clock().getTime() / 1000),
  });
  return t.app.request('/api/stripe/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    body: o.body ? o.body(payload) : payload,
  });
}
