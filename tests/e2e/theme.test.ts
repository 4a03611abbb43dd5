import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeServer, type StripeServer } from '../support/stripe-server';
import { DESKTOP, launchBrowser, loginByApi, newAccount, registerByApi, shows } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';
import { installStripeJsDouble, STRIPE_PUBLISHABLE_TEST_KEY, stripeJsCalls } from './support/stripe-js-double';

// Billing runs against the Stripe API double, so the payment form (drawn by Stripe.js, out of reach of the page's CSS) is here too.
let stripe: StripeServer;
let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  stripe = await startStripeServer();
  server = await startE2EServer({ env: stripe.env({ STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_TEST_KEY }) });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await stripe?.close();
});

type Scheme = 'light' | 'dark';

async function pageIn(colorScheme: Scheme, o: { signedIn?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, reducedMotion: 'reduce', colorScheme });
  context.setDefaultTimeout(15_000);
  if (o.signedIn) {
    const account = newAccount('theme');
    await registerByApi(server.url, account);
    await loginByApi(context, server.url, account);
  }
  return { context, page: await context.newPage() };
}

/** Relative luminance (0 black, 1 white) of an element's computed colour, whatever notation the browser reports it in. */
function luminance(locator: Locator, property: 'backgroundColor' | 'color'): Promise<number> {
  return locator.evaluate((el, prop) => {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    ctx.fillStyle = getComputedStyle(el)[prop];
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(ctx.getImageData(0, 0, 1, 1).data, (v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  }, property);
}

/** The theme a page is drawn in, read from the page body's colours: dark ground with light text, or the reverse. */
async function drawnIn(locator: Locator): Promise<Scheme | 'unclear'> {
  const [ground, text] = [await luminance(locator, 'backgroundColor'), await luminance(locator, 'color')];
  if (ground < 0.05 && text > 0.7) return 'dark';
  if (ground > 0.85 && text < 0.05) return 'light';
  return 'unclear';
}

const body = (page: Page) => page.locator('body');
/** The settings card a section heading names (the card is the section's frame). */
const card = (page: Page, name: string) => page.getByRole('region', { name }).locator('xpath=..');
const themeGroup = (page: Page) => page.getByRole('radiogroup', { name: 'Theme' });
const themeRadio = (page: Page, name: 'System' | 'Light' | 'Dark') => themeGroup(page).getByRole('radio', { name });
/** Clicks an option as a pointer user does: on its card (the radio inside it is visually hidden). */
const choose = (page: Page, name: 'System' | 'Light' | 'Dark') => themeGroup(page).locator('label').filter({ hasText: name }).click();

describe('the theme follows the system setting', () => {
  for (const scheme of ['dark', 'light'] as const) {
    it(`draws the pages ${scheme} when the system is ${scheme}`, async () => {
      const visitor = await pageIn(scheme);
      for (const path of ['/', '/auth']) {
        await visitor.page.goto(path);
        await shows(visitor.page.getByRole('main'));
        expect(await drawnIn(body(visitor.page)), path).toBe(scheme);
      }
      await visitor.context.close();

      const { context, page } = await pageIn(scheme, { signedIn: true });
      await page.goto('/settings');
      await shows(themeGroup(page));
      expect(await drawnIn(body(page))).toBe(scheme);
      expect(await drawnIn(card(page, 'Account Information'))).toBe(scheme);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(scheme);
      await context.close();
    });
  }

  it('changes with the system setting while the page is open', async () => {
    const { context, page } = await pageIn('light');
    await page.goto('/');
    await shows(page.getByRole('main'));
    expect(await drawnIn(body(page))).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => drawnIn(body(page))).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => drawnIn(body(page))).toBe('light');
    await context.close();
  });

  it('is applied before the first paint, by the inline script the CSP allows, without the app script', async () => {
    const { context, page } = await pageIn('dark');
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    // With the app's own script never loaded, only the script in index.html can have set the theme.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await drawnIn(body(page))).toBe('dark');

    await page.evaluate(() => localStorage.setItem('copydesk-theme', 'light'));
    await page.reload();
    expect(await page.locator('html').getAttribute('data-theme')).toBe('light');
    expect(await drawnIn(body(page))).toBe('light');
    expect(refused).toEqual([]);
    await context.close();
  });
});

describe('the theme setting', () => {
  it('offers System, Light and Dark; Dark overrides a light system setting and is kept across reloads', async () => {
    const { context, page } = await pageIn('light', { signedIn: true });
    await page.goto('/settings');
    await shows(themeGroup(page));
    expect(await themeRadio(page, 'System').isChecked()).toBe(true);
    expect(await drawnIn(body(page))).toBe('light');

    await choose(page, 'Dark');
    await expect.poll(() => drawnIn(body(page))).toBe('dark');
    expect(await drawnIn(card(page, 'Appearance'))).toBe('dark');

    await page.reload();
    await shows(themeGroup(page));
    expect(await themeRadio(page, 'Dark').isChecked()).toBe(true);
    expect(await drawnIn(body(page))).toBe('dark');
    await page.goto('/');
    await shows(page.getByRole('main'));
    expect(await drawnIn(body(page))).toBe('dark');
    await context.close();
  });

  it('is used from the keyboard: arrow keys move the choice and it applies at once', async () => {
    const { context, page } = await pageIn('dark', { signedIn: true });
    await page.goto('/settings');
    await shows(themeGroup(page));
    expect(await drawnIn(body(page))).toBe('dark');

    // Tab reaches the group on its checked option; arrows move within it.
    for (let i = 0; i < 60 && !(await themeRadio(page, 'System').evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await themeRadio(page, 'System').evaluate((el) => el === document.activeElement)).toBe(true);
    // The option around the focused (visually hidden) radio shows the focus ring.
    const ring = await themeRadio(page, 'System')
      .locator('xpath=..')
      .evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(ring).toBe('solid');

    await page.keyboard.press('ArrowRight');
    expect(await themeRadio(page, 'Light').isChecked()).toBe(true);
    await expect.poll(() => drawnIn(body(page))).toBe('light');

    await page.keyboard.press('ArrowLeft');
    expect(await themeRadio(page, 'System').isChecked()).toBe(true);
    await expect.poll(() => drawnIn(body(page))).toBe('dark');
    await context.close();
  });

  it('Light holds against a dark system, and System follows the system again', async () => {
    const { context, page } = await pageIn('light', { signedIn: true });
    await page.goto('/settings');
    await shows(themeGroup(page));
    await choose(page, 'Light');
    await page.emulateMedia({ colorScheme: 'dark' });
    // The system change reaches the page (the app's own script hears it) before the page is read.
    await expect.poll(() => page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
    expect(await drawnIn(body(page))).toBe('light');

    await choose(page, 'System');
    await expect.poll(() => drawnIn(body(page))).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => drawnIn(body(page))).toBe('light');

    await page.reload();
    await shows(themeGroup(page));
    expect(await themeRadio(page, 'System').isChecked()).toBe(true);
    await context.close();
  });
});

describe("Stripe's payment form", () => {
  it('is drawn in the theme of the page, and follows it when it changes', async () => {
    const { context, page } = await pageIn('dark', { signedIn: true });
    await installStripeJsDouble(page, () => ({ error: { type: 'card_error', message: 'Not used here.' } }));
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
    await shows(page.getByText('Card details (Stripe.js test double)'));

    const elementsCall = (await stripeJsCalls(page)).find(([name]) => name === 'stripe.elements');
    expect(elementsCall?.[1]).toMatchObject({ appearance: { theme: 'night' } });

    await page.emulateMedia({ colorScheme: 'light' });
    await expect
      .poll(async () => (await stripeJsCalls(page)).filter(([name]) => name === 'elements.update').at(-1)?.[1])
      .toMatchObject({
        appearance: { theme: 'stripe' },
      });
    await context.close();
  });
});
