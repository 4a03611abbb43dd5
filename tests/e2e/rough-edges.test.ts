import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PROFESSIONAL_PLAN } from '../../src/shared/plan';
import { UPLOAD_MESSAGES } from '../../src/shared/uploads';
import { appOrigin, currentUserOf, hides, loginByApi, newAccount, registerByApi, shows, toasts, type Account } from './support/browser';
import { serverAndBrowser } from './support/suite';
import { composer } from './support/chat';

// The sizes of the walk-through that found these rough edges.
const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

const suite = serverAndBrowser();
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-rough-edges-'));
afterAll(() => fs.rmSync(filesDir, { recursive: true, force: true }));

const STORY =
  'The city council voted 7-2 on Tuesday to approve a $5 million budget, officials said. Many residents oppose the plan, and the mayor will hold a meeting next week.';

async function openContext(viewport: { width: number; height: number }, locale = 'en-US') {
  const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport, locale, reducedMotion: 'reduce' });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

/** A new account signed in on a page of its own; `trial` starts the 7-day trial through the API first. */
async function signedIn(o: { viewport?: { width: number; height: number }; locale?: string; trial?: boolean } = {}) {
  const account: Account = newAccount('rough');
  await registerByApi(suite.server.url, account);
  const { context, page } = await openContext(o.viewport ?? LAPTOP, o.locale);
  await loginByApi(context, suite.server.url, account);
  if (o.trial) {
    const res = await context.request.post(`${suite.server.url}/api/create-subscription`, {
      data: {},
      headers: appOrigin(suite.server.url),
    });
    expect(res.status()).toBe(200);
  }
  return { account, context, page };
}

const helpButton = (page: Page) => page.getByRole('button', { name: 'Help', exact: true });

/**
 * What the help button is drawn over: every piece of visible text or control whose box meets the button's and
 * that is painted beneath it there (not clipped away by a scroller), and any element under its centre that is
 * not one of the button's own containers.
 */
async function coveredByHelp(page: Page): Promise<string[]> {
  await shows(helpButton(page));
  return page.evaluate(() => {
    const help = [...document.querySelectorAll('button[aria-label="Help"]')].find((b) => b.checkVisibility());
    if (!help) throw new Error('no visible Help button');
    const box = help.getBoundingClientRect();
    const covered: string[] = [];
    // A sticky or fixed header the button sits in hides what scrolls under it; that is the header's doing.
    let layer: Element | null = help.parentElement;
    while (layer && !['fixed', 'sticky'].includes(getComputedStyle(layer).position)) layer = layer.parentElement;
    // Where the button shows at a point (nothing but its own icon above it), what lies beneath it there.
    const beneathHelp = (x: number, y: number) => {
      const stack = document.elementsFromPoint(x, y);
      const at = stack.indexOf(help);
      if (at < 0 || !stack.slice(0, at).every((el) => help.contains(el))) return [];
      const end = layer ? stack.indexOf(layer) : -1;
      return stack.slice(at + 1, end < 0 ? undefined : end + 1);
    };
    const check = (el: Element, rect: DOMRect, name: string) => {
      if (rect.width === 0 || rect.height === 0) return;
      const left = Math.max(rect.left, box.left);
      const right = Math.min(rect.right, box.right);
      const top = Math.max(rect.top, box.top);
      const bottom = Math.min(rect.bottom, box.bottom);
      if (left >= right || top >= bottom) return;
      if (beneathHelp((left + right) / 2, (top + bottom) / 2).includes(el)) covered.push(name);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || help.contains(parent) || !parent.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
        continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) check(parent, rect, `text "${text.slice(0, 40)}"`);
    }
    for (const el of document.querySelectorAll(
      'a[href], button:not([tabindex="-1"]), input, textarea, select, [role="button"], [tabindex="0"]',
    )) {
      if (el === help || el.contains(help) || help.contains(el) || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
        continue;
      check(
        el,
        el.getBoundingClientRect(),
        `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
      );
    }
    // Whatever lies under the button's centre, other than the header it sits in, is page it floats over.
    for (const el of beneathHelp(box.left + box.width / 2, box.top + box.height / 2)) {
      if (!el.contains(help)) covered.push(`${el.tagName.toLowerCase()} under the button`);
    }
    return covered;
  });
}

/** What the help button covers at each scroll position of the page, from the top to the very end. */
async function coveredWhileScrolling(page: Page): Promise<string[]> {
  const covered = new Set<string>();
  const { height, view } = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, view: window.innerHeight }));
  for (let y = 0; ; y += Math.floor(view / 4)) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), Math.min(y, height - view));
    for (const c of await coveredByHelp(page)) covered.add(c);
    if (y >= height - view) break;
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  return [...covered];
}

describe('the help button never covers the page', () => {
  for (const [size, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(`stays clear of the pinned panel, the composer, the plan features and settings (${size})`, async () => {
      const { account, context, page } = await signedIn({ viewport, trial: true });
      const user = await currentUserOf(context, suite.server.url);
      await context.addInitScript(([key, pin]) => localStorage.setItem(key, JSON.stringify([pin])), [
        'pinned-messages',
        {
          id: 1,
          conversationId: 1,
          role: 'assistant',
          content: 'Tighten the lead: the vote, the budget and who opposes it.',
          createdAt: new Date().toISOString(),
          pinnedAt: new Date().toISOString(),
          userId: user.id,
        },
      ] as const);

      await page.goto('/chat');
      await shows(composer(page));
      const panel = page.getByRole('complementary', { name: 'Pinned references' });
      if (size === 'phone') await page.getByRole('button', { name: 'Show pinned references (1)' }).click();
      await shows(panel.getByRole('heading', { name: /Pinned references/ }));
      await shows(panel.getByTestId('pin-preview'));
      expect(await coveredByHelp(page)).toEqual([]);
      if (size === 'phone') {
        await page.keyboard.press('Escape');
        await hides(panel.getByTestId('pin-preview'));
      }
      expect(await coveredByHelp(page)).toEqual([]);

      // Help still opens from the chat page.
      await helpButton(page).click();
      await shows(page.getByRole('link', { name: 'Contact support' }));
      await page.keyboard.press('Escape');
      await hides(page.getByRole('link', { name: 'Contact support' }));

      await page.goto('/settings');
      await shows(page.getByRole('button', { name: 'Change Password' }));
      expect(await coveredWhileScrolling(page)).toEqual([]);

      // The plan and its features, for someone without a plan.
      await suite.server.setSubscription(account.email, { subscriptionStatus: 'inactive' });
      await page.goto('/subscribe');
      await shows(page.getByRole('list', { name: `${PROFESSIONAL_PLAN.name} features` }));
      await shows(page.getByRole('button', { name: 'Start 7-Day Free Trial' }));
      expect(await coveredWhileScrolling(page)).toEqual([]);
      await context.close();
    });
  }
});

describe('upload popover', () => {
  it('closes after a successful upload and puts the cursor back in the composer; stays open with the error on failure', async () => {
    const { context, page } = await signedIn({ trial: true });
    await page.goto('/chat');
    await shows(composer(page));
    const popover = page.getByRole('dialog', { name: 'Upload Document' });

    const bad = path.join(filesDir, 'notes.txt');
    fs.writeFileSync(bad, Buffer.alloc(2048, 0));
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await popover.locator('input[type="file"]').setInputFiles(bad);
    await popover.getByRole('button', { name: 'Upload', exact: true }).click();
    await shows(toasts(page).getByText('Upload failed'));
    await shows(popover.getByText(UPLOAD_MESSAGES.notUtf8));

    const good = path.join(filesDir, 'council.txt');
    fs.writeFileSync(good, `${STORY}\n`);
    await popover.getByRole('button', { name: 'Clear selected file' }).click();
    await popover.locator('input[type="file"]').setInputFiles(good);
    await popover.getByRole('button', { name: 'Upload', exact: true }).click();
    await shows(toasts(page).getByText('File uploaded'));
    await hides(popover);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Message');
    await shows(page.locator('article[data-role="assistant"]').filter({ hasText: 'File uploaded' }));

    // Opened again, it starts afresh rather than showing the last outcome.
    await page.getByRole('button', { name: 'Upload Document' }).click();
    await shows(popover.getByText('Choose a file'));
    expect(await popover.getByText(UPLOAD_MESSAGES.notUtf8).count()).toBe(0);
    await context.close();
  });
});

describe('dates', () => {
  it('words the cancellation date in the toast as the settings page does, in the browser’s locale', async () => {
    for (const locale of ['en-US', 'en-GB']) {
      const { context, page } = await signedIn({ locale, trial: true });
      const user = await currentUserOf(context, suite.server.url);
      const date = await page.evaluate(
        ([iso, lang]) => new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso)),
        [user.subscriptionRenewalDate!, locale] as const,
      );
      await page.goto('/settings');
      const section = page.getByRole('region', { name: 'Subscription' });
      await shows(section.getByText(date, { exact: true }));
      await section.getByRole('button', { name: 'Cancel Subscription' }).click();
      await page
        .getByRole('alertdialog', { name: 'Cancel your subscription?' })
        .getByRole('button', { name: 'Cancel Subscription' })
        .click();
      await shows(toasts(page).getByText(`Subscription cancelled. You keep access until ${date}.`, { exact: true }));
      await shows(section.getByText(`Cancels on ${date}.`));
      await context.close();
    }
  });

  it('words a conversation’s day in the chat list in the browser’s locale', async () => {
    const { context, page } = await signedIn({ locale: 'en-GB', trial: true });
    const res = await context.request.post(`${suite.server.url}/api/conversations`, {
      data: { title: 'School board budget' },
      headers: appOrigin(suite.server.url),
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const { db } = suite.server.running;
    const { conversations } = db.tables;
    await db
      .update(conversations)
      .set({ updatedAt: new Date('2026-01-15T12:00:00Z') })
      .where(eq(conversations.id, id));
    await page.goto('/chat');
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await shows(list.getByText('School board budget'));
    // 'MMM d' of the spec, as an en-GB reader writes it.
    await shows(list.getByText('15 Jan', { exact: true }));
    await context.close();
  });
});

describe('success page', () => {
  async function dateOf(page: Page, iso: string) {
    return page.evaluate(
      (v) => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(v)),
      iso,
    );
  }

  it('tells someone back from saving a card for the trial that the trial started, when it ends, and that nothing was charged', async () => {
    const { context, page } = await signedIn({ trial: true });
    const user = await currentUserOf(context, suite.server.url);
    await page.goto('/success?setup_intent=seti_rough_edges&redirect_status=succeeded');
    await shows(page.getByRole('heading', { name: `Welcome to ${PROFESSIONAL_PLAN.name}` }));
    const text = await page.getByRole('main').innerText();
    expect(text).toContain('Your 7-day free trial has started');
    expect(text).toContain(`Your trial ends on ${await dateOf(page, user.subscriptionRenewalDate!)}`);
    expect(text).toContain('No card has been charged');
    expect(text).not.toMatch(/payment/i);
    await context.close();
  });

  it('does not speak of a payment to someone who never paid, and offers the trial', async () => {
    const { context, page } = await signedIn();
    await page.goto('/success');
    await shows(page.getByRole('heading', { name: 'We could not confirm your subscription yet' }));
    const text = await page.getByRole('main').innerText();
    expect(text).not.toMatch(/completed a payment/i);
    expect(text).toContain('no free trial or subscription');
    await shows(page.getByRole('link', { name: 'View plan' }));

    // Back from saving a card that the provider has not confirmed: a saved card is no payment.
    await page.goto('/success?setup_intent=seti_unconfirmed&redirect_status=succeeded');
    await shows(page.getByRole('heading', { name: 'We could not confirm your subscription yet' }));
    const saved = await page.getByRole('main').innerText();
    expect(saved).not.toMatch(/completed a payment/i);
    expect(saved).toContain('has not been charged');
    await context.close();
  });

  it('keeps the paid welcome for a subscriber back from a payment', async () => {
    const { account, context, page } = await signedIn();
    await suite.server.setSubscription(account.email, { subscriptionStatus: 'active', subscriptionPlan: PROFESSIONAL_PLAN.id });
    await page.goto('/success?payment_intent=pi_rough_edges');
    await shows(page.getByRole('heading', { name: `Welcome to ${PROFESSIONAL_PLAN.name}` }));
    const text = await page.getByRole('main').innerText();
    expect(text).toContain('Your subscription is active');
    expect(text).not.toMatch(/trial/i);
    await shows(page.getByRole('link', { name: 'Start Editing Documents' }));
    await context.close();
  });
});

describe('a logged-out visit', () => {
  it('logs no console error and no failed request on /, /auth and /subscribe', async () => {
    const { context, page } = await openContext(LAPTOP);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => {
      const error = r.failure()?.errorText ?? '';
      // The browser drops a fetch of its own (the tab's favicon) when the page moves on; the server never failed it.
      if (error !== 'net::ERR_ABORTED') problems.push(`failed: ${r.url()} ${error}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
    });

    await page.goto('/');
    await shows(page.getByRole('banner').getByRole('link', { name: 'Log in' }));
    await page.waitForLoadState('networkidle');
    await page.goto('/auth');
    await shows(page.getByRole('tab', { name: 'Login' }));
    await page.waitForLoadState('networkidle');
    await page.goto('/subscribe');
    await page.waitForURL('**/auth');
    await shows(page.getByRole('tab', { name: 'Login' }));
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await context.close();
  });
});
