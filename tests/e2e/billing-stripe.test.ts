import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../src/shared/payment-messages';
import { PROFESSIONAL_PLAN } from '../../src/shared/plan';
import { startStripeServer, type StripeServer } from '../support/stripe-server';
import { currentUserOf, DESKTOP, launchBrowser, PHONE, shows, signedInPage } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';
import {
  installStripeJsDouble,
  intentIdOf,
  STRIPE_PUBLISHABLE_TEST_KEY,
  stripeJsCalls,
  type ConfirmAnswer,
  type ConfirmKind,
} from './support/stripe-js-double';

// The app runs its real Stripe adapter against the Stripe API double; the
// browser gets the Stripe.js double in place of js.stripe.com.

const SCREENSHOTS = '/tmp/copydesk-screens';

let stripe: StripeServer;
let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  stripe = await startStripeServer();
  server = await startE2EServer({ env: stripe.env({ STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_TEST_KEY }) });
  browser = await launchBrowser();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await stripe?.close();
});

const signedIn = (viewport?: typeof DESKTOP) => signedInPage(browser, server.url, { viewport });
const currentUser = (context: BrowserContext) => currentUserOf(context, server.url);

async function openPaymentStep(page: Page) {
  await page.goto('/subscribe');
  await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
  await shows(page.getByRole('heading', { name: 'Add a payment method' }));
}

describe('subscribing with Stripe', () => {
  it('confirms the card setup with the spec options and welcomes the trial on /success', async () => {
    const { context, page } = await signedIn();
    const confirmations: Array<[ConfirmKind, string | null]> = [];
    await installStripeJsDouble(page, (kind, clientSecret) => {
      confirmations.push([kind, clientSecret]);
      // Stripe's side of a confirmed form: the SetupIntent succeeds with a card.
      stripe.succeedSetupIntent(intentIdOf(clientSecret!));
      return { setupIntent: { id: intentIdOf(clientSecret!), status: 'succeeded' } };
    });

    await openPaymentStep(page);
    await shows(page.getByText('Card details (Stripe.js test double)'));
    await page.getByRole('button', { name: 'Start Free Trial' }).click();

    await page.waitForURL((url) => url.pathname === '/success');
    await shows(page.getByRole('heading', { name: `Welcome to ${PROFESSIONAL_PLAN.name}` }));
    expect(confirmations.map(([kind]) => kind)).toEqual(['confirmSetup']);
    const clientSecret = confirmations[0]![1]!;
    expect(clientSecret).toMatch(/^seti_/);
    // /success learns which intent was confirmed, never the secret.
    expect(new URL(page.url()).search).toBe(`?setup_intent=${intentIdOf(clientSecret)}`);
    expect((await currentUser(context)).subscriptionStatus).toBe('trialing');

    // The app navigated without reloading, so the double's log is still there.
    const calls = await stripeJsCalls(page);
    expect(calls).toContainEqual(['Stripe', STRIPE_PUBLISHABLE_TEST_KEY]);
    expect(calls).toContainEqual(['elements.create', 'payment', { layout: 'tabs', wallets: { applePay: 'never', googlePay: 'never' } }]);
    expect(calls).toContainEqual([
      'confirmSetup',
      { confirmParams: { return_url: `${server.url}/success` }, redirect: 'if_required', withElements: true },
    ]);
    await context.close();
  });

  it('shows a declined card in the spec words, clears the form and lets the user try again', async () => {
    const { context, page } = await signedIn();
    const answers: ConfirmAnswer[] = [
      { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
      { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } },
    ];
    await installStripeJsDouble(page, () => answers.shift()!);
    await openPaymentStep(page);
    const submit = page.getByRole('button', { name: 'Start Free Trial' });

    await submit.click();
    await shows(page.getByRole('alert').getByText(PAYMENT_MESSAGES.card_declined));
    expect(await submit.isEnabled()).toBe(true);
    let calls = await stripeJsCalls(page);
    expect(calls.filter(([name]) => name === 'element.clear')).toHaveLength(1);

    // A field mistake is shown but what the user typed stays.
    await submit.click();
    await shows(page.getByRole('alert').getByText(PAYMENT_MESSAGES.incomplete_number));
    calls = await stripeJsCalls(page);
    expect(calls.filter(([name]) => name === 'element.clear')).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe('/subscribe');
    expect((await currentUser(context)).subscriptionStatus).not.toBe('trialing');
    await context.close();
  });

  it('says the payment system is not ready when Stripe.js cannot load', async () => {
    const { context, page } = await signedIn();
    // Test double at the network edge: js.stripe.com unreachable.
    await page.route('https://js.stripe.com/**', (route) => route.abort('connectionfailed'));
    await openPaymentStep(page);
    await shows(page.getByRole('alert').getByText(PAYMENT_MESSAGES.notReady));
    await context.close();
  });

  it('activates a 100%-off promotion code without a payment form', async () => {
    stripe.seedPromotionCode({ code: 'NEWSROOMFREE', percentOff: 100 });
    const { context, page } = await signedIn();
    await page.goto('/subscribe');
    await page.getByLabel('Promo code').fill(' NEWSROOMFREE ');
    await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
    await page.waitForURL('**/chat');
    expect(['trialing', 'active']).toContain((await currentUser(context)).subscriptionStatus);
    const [subscriptionCall] = stripe.posts('/v1/subscriptions').slice(-1);
    expect(subscriptionCall!.params).toMatchObject({ discounts: [{ promotion_code: expect.stringMatching(/^promo_/) }] });
    await context.close();
  });

  it('lays out the payment step on a phone', async () => {
    const { context, page } = await signedIn(PHONE);
    await installStripeJsDouble(page, () => ({ error: { type: 'card_error', code: 'expired_card' } }));
    await openPaymentStep(page);
    await shows(page.getByText('Card details (Stripe.js test double)'));
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await shows(page.getByRole('alert').getByText(PAYMENT_MESSAGES.expired_card));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'subscribe-payment-phone.png'), fullPage: true });
    await context.close();
  });
});
