import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFESSIONAL_PLAN } from '../../src/shared/plan';
import type { PublicUser } from '../../src/shared/types';
import {
  appOrigin,
  currentUserOf,
  DESKTOP,
  hides,
  newAccount,
  newPage,
  PHONE,
  registerByForm,
  shows,
  signedInPage,
  toasts,
} from './support/browser';
import { startHostedPaymentPage, type HostedPaymentPage } from './support/hosted-payment-page';
import { startE2EServer, type E2EServer } from './support/server';
import { serverAndBrowser } from './support/suite';

const SCREENSHOTS = '/tmp/copydesk-screens';
const BENEFITS = [
  'Unlimited document uploads',
  'Advanced AI editorial analysis',
  'Publication-ready formatting',
  'Style guide compliance',
  'Priority processing',
  'Expert editorial insights',
];

const suite = serverAndBrowser();

beforeAll(() => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

const signedIn = (viewport = DESKTOP) => signedInPage(suite.browser, suite.server.url, { viewport });

const currentUser = (context: BrowserContext) => currentUserOf(context, suite.server.url);

async function startTrialByApi(context: BrowserContext): Promise<PublicUser> {
  const res = await context.request.post(`${suite.server.url}/api/create-subscription`, { data: {}, headers: appOrigin(suite.server.url) });
  expect(res.status()).toBe(200);
  return currentUser(context);
}

/** The date as the account pages print it, formatted by the browser itself. */
function longDate(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(value)),
    iso,
  );
}

async function promoRedemptions(code: string): Promise<number> {
  return (await suite.server.running.services.billing.promos.list()).find((p) => p.code === code)?.timesRedeemed ?? 0;
}

describe('subscribe page', () => {
  it('starts the 7-day trial for a new account and opens the editor', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount();
    await page.goto('/auth');
    await registerByForm(page, account);
    await page.waitForURL('**/subscribe');

    const plan = page.getByRole('article', { name: PROFESSIONAL_PLAN.name });
    await shows(plan.getByText('$49.99', { exact: true }));
    const features = await plan
      .getByRole('list', { name: `${PROFESSIONAL_PLAN.name} features` })
      .getByRole('listitem')
      .allInnerTexts();
    expect(features.map((f) => f.trim())).toEqual(PROFESSIONAL_PLAN.features);
    await shows(page.getByLabel('Promo code'));
    // Not a team member, so there is no team check.
    expect(await page.getByRole('button', { name: 'I have a team' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
    await page.waitForURL('**/chat');
    await shows(page.getByRole('heading', { name: 'Chat' }));
    await shows(toasts(page).getByText('Trial started'));
    await shows(toasts(page).getByText('Your 7-day free trial has started'));

    const user = await currentUser(context);
    expect(user.subscriptionStatus).toBe('trialing');
    expect(user.subscriptionPlan).toBe(PROFESSIONAL_PLAN.id);

    // A trialing user has nothing to do on /subscribe.
    await page.goto('/subscribe');
    await page.waitForURL('**/chat');
    await context.close();
  });

  it('sends an active subscriber from /subscribe to /chat', async () => {
    const { account, context, page } = await signedIn();
    await suite.server.setSubscription(account.email, { subscriptionStatus: 'active', subscriptionPlan: PROFESSIONAL_PLAN.id });
    await page.goto('/subscribe');
    await page.waitForURL('**/chat');
    await context.close();
  });

  it('tells an invalid promo code and still starts the trial without it', async () => {
    const { context, page } = await signedIn();
    await page.goto('/subscribe');
    await page.getByLabel('Promo code').fill('  NO-SUCH-CODE ');
    await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();

    await shows(toasts(page).getByText('Invalid promo code', { exact: true }));
    await shows(toasts(page).getByText('Invalid promo code. Continuing without a discount.'));
    await page.waitForURL('**/chat');
    expect((await currentUser(context)).subscriptionStatus).toBe('trialing');
    await context.close();
  });

  it('goes straight to the editor with a 100%-off code, trimmed and in any case', async () => {
    await suite.server.running.services.billing.promos.create({ code: 'PRESSPASS', percentOff: 100 });
    const { context, page } = await signedIn();
    await page.goto('/subscribe');
    await page.getByLabel('Promo code').fill('  presspass  ');
    await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();

    await page.waitForURL('**/chat');
    await shows(toasts(page).getByText('Trial started'));
    expect(await promoRedemptions('PRESSPASS')).toBe(1);
    expect((await currentUser(context)).subscriptionStatus).toBe('trialing');
    await context.close();
  });

  it('applies a partial discount and, with local billing, needs no card', async () => {
    await suite.server.running.services.billing.promos.create({ code: 'HALF', percentOff: 50 });
    const { context, page } = await signedIn();
    await page.goto('/subscribe');
    await page.getByLabel('Promo code').fill('HALF');
    await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();

    await page.waitForURL('**/chat');
    expect(await promoRedemptions('HALF')).toBe(1);
    await context.close();
  });

  it('stops with a toast when the promo code cannot be checked', async () => {
    const { context, page } = await signedIn();
    await page.goto('/subscribe');
    // Test double at the network edge: the validation request fails like a dropped connection.
    await page.route('**/trpc/*subscription.validatePromoCode*', (route) => route.abort('connectionfailed'));
    await page.getByLabel('Promo code').fill('HALF');
    const start = page.getByRole('button', { name: 'Start 7-Day Free Trial' });
    await start.click();

    await shows(toasts(page).getByText('Error validating promo code'));
    await page.waitForFunction(() => !document.querySelector('button[aria-busy="true"]'));
    expect(pathOf(page)).toBe('/subscribe');
    expect(await start.isEnabled()).toBe(true);
    expect((await currentUser(context)).subscriptionStatus).toBe('inactive');
    await context.close();
  });

  it('rejects an over-long promo code before sending it', async () => {
    const { context, page } = await signedIn();
    await page.goto('/subscribe');
    await page.getByLabel('Promo code').fill('X'.repeat(65));
    await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
    await shows(page.getByText('Promo code is too long'));
    expect((await currentUser(context)).subscriptionStatus).toBe('inactive');
    await context.close();
  });

  it('offers a team member the team check', async () => {
    const { account, context, page } = await signedIn();
    await suite.server.updateUser(account.email, { teamId: 4242 });
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'I have a team' }).click();
    // Team 4242 does not exist: the team lookup answers 404, shown as no team.
    await shows(page.getByText('No team found', { exact: true }));
    expect(pathOf(page)).toBe('/subscribe');
    await context.close();
  });
});

describe('success page', () => {
  it('sends an active user who did not just pay to /chat', async () => {
    const { account, context, page } = await signedIn();
    await suite.server.setSubscription(account.email, { subscriptionStatus: 'active', subscriptionPlan: PROFESSIONAL_PLAN.id });
    await page.goto('/success');
    await page.waitForURL('**/chat');
    await context.close();
  });

  it('activates after a payment return and welcomes the subscriber', async () => {
    const { context, page } = await signedIn();
    await startTrialByApi(context);
    await page.goto('/success?setup_intent=seti_e2e_1&redirect_status=succeeded');

    await shows(page.getByRole('heading', { name: `Welcome to ${PROFESSIONAL_PLAN.name}` }));
    const benefits = await page.getByRole('list', { name: 'Your benefits' }).getByRole('listitem').allInnerTexts();
    expect(benefits.map((b) => b.split('\n')[0]!.trim())).toEqual(BENEFITS);
    await shows(page.getByText('trialing', { exact: true }));

    await page.getByRole('link', { name: 'Start Editing Documents' }).click();
    await page.waitForURL('**/chat');
    await context.close();
  });

  it('checks with the provider on a bare visit and offers the plan when nothing is active', async () => {
    const { context, page } = await signedIn();
    await page.goto('/success');
    await shows(page.getByRole('heading', { name: 'We could not confirm your subscription yet' }));
    await page.getByRole('link', { name: 'View plan' }).click();
    await page.waitForURL('**/subscribe');
    await context.close();
  });

  it('shows the activation error and offers to try again', async () => {
    const { context, page } = await signedIn();
    // Test double at the network edge: the activation request fails like a dropped connection.
    await page.route('**/trpc/*subscription.activate*', (route) => route.abort('connectionfailed'));
    await page.goto('/success?session_id=cs_test_e2e');

    await shows(page.getByRole('heading', { name: 'Activating your subscription' }));
    await shows(toasts(page).getByText('Activation Error'));
    await shows(page.getByRole('heading', { name: 'We could not confirm your subscription yet' }));
    await shows(page.getByRole('button', { name: 'Try again' }));
    expect(await page.getByRole('link', { name: 'View plan' }).getAttribute('href')).toBe('/subscribe');
    await context.close();
  });
});

describe('settings subscription', () => {
  it('shows the trial and its renewal date, and cancels after confirmation', async () => {
    const { context, page } = await signedIn();
    const user = await startTrialByApi(context);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Subscription' });
    await shows(section.getByText('trialing', { exact: true }));
    await shows(section.getByText(PROFESSIONAL_PLAN.name, { exact: true }));
    const renewal = await longDate(page, user.subscriptionRenewalDate!);
    await shows(section.getByText(renewal, { exact: true }));
    expect(await section.getByRole('link', { name: 'Upgrade' }).count()).toBe(0);

    // Backing out of the confirmation changes nothing.
    await section.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await shows(dialog);
    await dialog.getByRole('button', { name: 'Keep Subscription' }).click();
    await hides(dialog);
    expect((await currentUser(context)).cancelAtPeriodEnd).toBe(false);

    await section.getByRole('button', { name: 'Cancel Subscription' }).click();
    await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
    await shows(toasts(page).getByText('Subscription Cancelled', { exact: true }));
    await shows(toasts(page).getByText(`Subscription cancelled. You keep access until ${renewal}.`, { exact: true }));
    await shows(section.getByText(`Cancels on ${renewal}.`));
    await hides(section.getByRole('button', { name: 'Cancel Subscription' }));

    const after = await currentUser(context);
    expect(after.cancelAtPeriodEnd).toBe(true);
    expect(after.subscriptionStatus).toBe('trialing');
    await context.close();
  });

  it('shows the server message when the cancellation is refused', async () => {
    const { context, page } = await signedIn();
    await startTrialByApi(context);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Subscription' });
    await shows(section.getByText('trialing', { exact: true }));
    // Cancelled elsewhere (another tab) while this page still offers the button.
    expect(
      (await context.request.post(`${suite.server.url}/api/cancel-subscription`, { headers: appOrigin(suite.server.url) })).status(),
    ).toBe(200);

    await section.getByRole('button', { name: 'Cancel Subscription' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Subscription' }).click();
    await shows(toasts(page).getByText('Cancellation Failed'));
    await shows(toasts(page).getByText('No active subscription to cancel'));
    await context.close();
  });

  it('offers an upgrade to an account without a subscription', async () => {
    const { context, page } = await signedIn();
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Subscription' });
    await shows(section.getByText('inactive', { exact: true }));
    expect(await section.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
    await section.getByRole('link', { name: 'Upgrade' }).click();
    await page.waitForURL('**/subscribe');
    await context.close();
  });
});

describe('landing plan card', () => {
  it('sends a signed-in user to /subscribe when no payment link is set', async () => {
    const { context, page } = await signedIn();
    await page.goto('/');
    await page.getByRole('button', { name: 'Select' }).click();
    await page.waitForURL('**/subscribe');
    await context.close();
  });

  describe('with a Stripe payment link', () => {
    let stripeServer: E2EServer;
    let hosted: HostedPaymentPage;

    beforeAll(async () => {
      hosted = await startHostedPaymentPage();
      stripeServer = await startE2EServer({
        env: {
          STRIPE_SECRET_KEY: 'sk_test_e2e_not_used',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_not_used',
          // Nothing on this page talks to Stripe's API; a closed port makes any attempt fail loudly.
          STRIPE_API_BASE: 'http://127.0.0.1:9',
          STRIPE_PAYMENT_LINK_URL: hosted.url,
        },
      });
    });

    afterAll(async () => {
      await stripeServer?.close();
      await hosted?.close();
    });

    it('redirects a signed-in user to the hosted page with their id and e-mail', async () => {
      const { account, context, page } = await signedInPage(suite.browser, stripeServer.url);
      const user = await currentUserOf(context, stripeServer.url);

      await page.goto('/');
      await page.getByRole('button', { name: 'Select' }).click();
      await page.waitForURL((url) => url.href.startsWith(`${hosted.url}?`));
      await shows(page.getByRole('heading', { name: 'Hosted payment page' }));

      const visits = hosted.visits.filter((v) => v.pathname === '/b/test_payment_link');
      expect(visits).toHaveLength(1);
      const visit = visits[0]!;
      expect(visit.searchParams.get('client_reference_id')).toBe(String(user.id));
      expect(visit.searchParams.get('prefilled_email')).toBe(account.email);
      await context.close();
    });

    it('still sends a visitor to /auth', async () => {
      const { context, page } = await newPage(suite.browser, stripeServer.url);
      const visitsBefore = hosted.visits.length;
      await page.goto('/');
      await page.getByRole('button', { name: 'Select' }).click();
      await page.waitForURL('**/auth');
      expect(hosted.visits.length).toBe(visitsBefore);
      await context.close();
    });
  });
});

describe('billing pages on phone and desktop', () => {
  async function expectNoSideways(page: Page) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  it('lays out subscribe, success and settings without sideways scrolling', async () => {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { account, context, page } = await signedIn(viewport);
      await suite.server.updateUser(account.email, { teamId: 7 });
      await page.goto('/subscribe');
      await shows(page.getByRole('button', { name: 'Start 7-Day Free Trial' }));
      await expectNoSideways(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `subscribe-${size}.png`), fullPage: true });

      await page.goto('/success');
      await shows(page.getByRole('heading', { name: 'We could not confirm your subscription yet' }));
      await expectNoSideways(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `success-unconfirmed-${size}.png`), fullPage: true });

      await startTrialByApi(context);
      await page.goto('/success?setup_intent=seti_e2e_layout');
      await shows(page.getByRole('link', { name: 'Start Editing Documents' }));
      await expectNoSideways(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `success-${size}.png`), fullPage: true });

      await page.goto('/settings');
      await shows(page.getByRole('region', { name: 'Subscription' }).getByRole('button', { name: 'Cancel Subscription' }));
      await expectNoSideways(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `settings-billing-${size}.png`), fullPage: true });

      expect(
        (await context.request.post(`${suite.server.url}/api/cancel-subscription`, { headers: appOrigin(suite.server.url) })).status(),
      ).toBe(200);
      await page.reload();
      await shows(page.getByRole('region', { name: 'Subscription' }).getByText(/^Cancels on /));
      await expectNoSideways(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `settings-cancelling-${size}.png`), fullPage: true });
      await context.close();
    }
  });
});
