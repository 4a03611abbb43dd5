import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROFESSIONAL_PLAN } from '../../src/shared/plan';
import { DESKTOP, hides, loginByApi, newAccount, newPage, PHONE, registerByApi, shows, toasts } from './support/browser';
import { serverAndBrowser } from './support/suite';

const SCREENSHOTS = '/tmp/copydesk-screens';

const suite = serverAndBrowser();

beforeAll(() => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('landing page', () => {
  it('shows a visitor the header, hero, plan card and footer of the spec', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto('/');

    const account = page.getByRole('navigation', { name: 'Account' });
    expect(await account.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth');
    expect(await account.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/auth');
    expect(await page.getByRole('link', { name: 'Start Editing' }).getAttribute('href')).toBe('/auth');

    const plan = page.getByRole('article', { name: PROFESSIONAL_PLAN.name });
    await shows(plan.getByText('POPULAR', { exact: true }));
    await shows(plan.getByText('FREE 7-DAY TRIAL', { exact: true }));
    await shows(plan.getByText('$49.99', { exact: true }));
    await shows(plan.getByText('/month', { exact: true }));
    const features = await plan
      .getByRole('list', { name: `${PROFESSIONAL_PLAN.name} features` })
      .getByRole('listitem')
      .allInnerTexts();
    expect(features.map((f) => f.trim())).toEqual(PROFESSIONAL_PLAN.features);
    await shows(page.getByRole('heading', { name: 'Why newsrooms choose Copydesk' }));

    const cards = page.locator('#features').getByRole('article');
    expect(await cards.count()).toBe(3);

    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const name of ['Features', 'Pricing', 'About']) await shows(footer.getByRole('link', { name }));
    await footer.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/contact');
    await shows(page.getByRole('heading', { name: 'Contact us' }));
    await context.close();
  });

  it('scrolls to the features with See Features', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto('/');
    await page.getByRole('button', { name: 'See Features' }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById('features')!.getBoundingClientRect().top;
      return top >= 0 && top < 120;
    });
    await context.close();
  });

  it('sends a visitor who selects the plan to /auth', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto('/');
    await page.getByRole('button', { name: 'Select' }).click();
    await page.waitForURL('**/auth');
    await context.close();
  });

  it('sends a user without a plan to /subscribe from Start Editing and Select', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount();
    await registerByApi(suite.server.url, account);
    await loginByApi(context, suite.server.url, account);
    await page.goto('/');

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Go to Chat', 'Team', 'Settings']) await shows(nav.getByRole('link', { name }));
    await shows(nav.getByRole('button', { name: 'Log out' }));
    expect(await page.getByRole('link', { name: 'Start Editing' }).getAttribute('href')).toBe('/subscribe');

    await page.getByRole('button', { name: 'Select' }).click();
    await page.waitForURL('**/subscribe');
    await context.close();
  });

  it('marks the current plan and sends a subscriber to /chat', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount();
    await registerByApi(suite.server.url, account);
    await suite.server.setSubscription(account.email, { subscriptionStatus: 'active', subscriptionPlan: 'Professional' });
    await loginByApi(context, suite.server.url, account);
    await page.goto('/');

    const current = page.getByRole('button', { name: 'Current Plan' });
    await shows(current);
    expect(await current.isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Start Editing' }).click();
    await page.waitForURL('**/chat');
    await context.close();
  });
});

describe('phone-sized screens', () => {
  async function expectNoSideways(page: Page) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  it('lays out the landing, auth and settings pages without sideways scrolling', async () => {
    const account = newAccount();
    await registerByApi(suite.server.url, account);
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { context, page } = await newPage(suite.browser, suite.server.url, viewport);
      await page.goto('/');
      await shows(page.getByRole('heading', { level: 1 }));
      await expectNoSideways(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `landing-${size}.png`), fullPage: true });

      await page.goto('/auth');
      await shows(page.getByRole('tab', { name: 'Login' }));
      await expectNoSideways(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `auth-${size}.png`), fullPage: true });

      await loginByApi(context, suite.server.url, account);
      await page.goto('/settings');
      await shows(page.getByRole('heading', { name: 'Change Password' }));
      await expectNoSideways(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, `settings-${size}.png`), fullPage: true });
      await context.close();
    }
  });

  it('puts the signed-in navigation in a menu', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url, PHONE);
    const account = newAccount();
    await registerByApi(suite.server.url, account);
    await loginByApi(context, suite.server.url, account);
    await page.goto('/');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog').getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await hides(page.getByRole('dialog'));
    // The landing page's header, menu and all, stays up until the settings page has loaded.
    await shows(page.getByRole('heading', { name: 'Change Password' }));

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Log out' }).click();
    await shows(toasts(page).getByText('Logged out successfully'));
    await page.waitForURL((url) => url.pathname === '/');
    expect(pathOf(page)).toBe('/');
    await context.close();
  });
});
