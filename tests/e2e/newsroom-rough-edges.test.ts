import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/shared/limits';
import { appOrigin, DESKTOP, newPage, PHONE, shows, signedInPage, toasts } from './support/browser';
import { serverAndBrowser } from './support/suite';
import { createTeamByApi, setTeam } from './support/team-api';
import { composer, userMessages } from './support/chat';

// The smaller rough edges of issue 32: toasts over Send, a phone's chat title, the skip link, the team card.

const suite = serverAndBrowser();

/** A subscriber on /chat with the composer ready; `title` opens a conversation of that name first. */
async function openChat(viewport: typeof DESKTOP, title?: string) {
  const session = await signedInPage(suite.browser, suite.server.url, { prefix: 'edges', viewport });
  await suite.server.setSubscription(session.account.email, { subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
  if (title) {
    const res = await session.context.request.post(`${suite.server.url}/api/conversations`, {
      data: { title },
      headers: appOrigin(suite.server.url),
    });
    expect(res.ok()).toBe(true);
  }
  await session.page.goto('/chat');
  await shows(composer(session.page));
  return session;
}

const focusedIs = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Moves the keyboard's starting point to the top of the page, as a page load leaves it. */
async function focusFromTop(page: Page) {
  await page.evaluate(() => {
    const start = document.createElement('div');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.remove();
  });
}

/** The first Tab shows the skip link; Enter on it puts the focus on the page's main content, and the next Tab stays inside it. */
async function expectSkipLinkFirst(page: Page) {
  await page.keyboard.press('Tab');
  const link = page.getByRole('link', { name: 'Skip to content' });
  expect(await focusedIs(link)).toBe(true);
  const box = (await link.boundingBox())!;
  expect(box.width).toBeGreaterThan(40);
  expect(box.y).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('Enter');
  const main = page.locator('main#main-content');
  await expect.poll(() => focusedIs(main)).toBe(true);
  await page.keyboard.press('Tab');
  expect(await main.evaluate((el) => el !== document.activeElement && el.contains(document.activeElement))).toBe(true);
  // The link is hidden again once the focus has left it.
  expect((await link.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
}

describe('the skip link', () => {
  it('is the first tab stop on / and on /chat, and Enter moves the focus to the content', async () => {
    const visitor = await newPage(suite.browser, suite.server.url);
    await visitor.page.goto('/');
    await shows(visitor.page.getByRole('heading', { level: 1 }));
    await expectSkipLinkFirst(visitor.page);
    await visitor.context.close();

    // The chat puts the cursor in the composer on opening; from the top of the page the link comes first.
    const { context, page } = await openChat(DESKTOP);
    await focusFromTop(page);
    await expectSkipLinkFirst(page);
    await context.close();
  });
});

describe('toasts', () => {
  it.each([
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ])('keep clear of the Send button on %s, even with the composer grown', async (_, viewport) => {
    const { context, page } = await openChat(viewport);
    await composer(page).fill('Budget vote\nFirst line\nSecond line\nThird line\nFourth line');
    // A file of a kind the editor does not read is refused at once, with a toast.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-edges-')), 'council.exe');
    fs.writeFileSync(file, 'MZ');
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const popover = page.getByRole('dialog', { name: 'Upload Document' });
    await popover.locator('input[type="file"]').setInputFiles(file);
    const toast = toasts(page).locator('li');
    await shows(toast.filter({ hasText: 'Upload failed' }));
    await popover.getByRole('button', { name: 'Close' }).click();
    await popover.waitFor({ state: 'hidden' });

    // Measured in one go, while the toast shows: its box and the button's, and what a click at the button's centre hits.
    const send = page.getByRole('button', { name: 'Send' });
    const seen = await send.evaluate((button) => {
      const rect = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      };
      const at = rect(button);
      const hit = document.elementFromPoint((at.left + at.right) / 2, (at.top + at.bottom) / 2);
      const toastBoxes = [...document.querySelectorAll('[role="region"][aria-label^="Notifications"] li')].map(rect);
      return { send: at, toastBoxes, centreHitsSend: button.contains(hit) };
    });
    expect(seen.toastBoxes.length).toBeGreaterThan(0);
    for (const box of seen.toastBoxes) {
      const apart =
        box.right <= seen.send.left || seen.send.right <= box.left || box.bottom <= seen.send.top || seen.send.bottom <= box.top;
      expect(apart, `toast ${JSON.stringify(box)} over Send ${JSON.stringify(seen.send)}`).toBe(true);
    }
    expect(seen.centreHitsSend).toBe(true);

    const before = await userMessages(page).count();
    await send.click();
    await expect.poll(() => userMessages(page).count()).toBe(before + 1);
    await context.close();
  });
});

describe('the chat header on a 375 px phone', () => {
  it('shows at least the first 15 characters of the conversation title, with the editor named under it', async () => {
    const title = 'City council budget vote';
    const { context, page } = await openChat(PHONE, title);
    const heading = page.getByTestId('conversation-title');
    await expect.poll(() => heading.innerText()).toBe(title);
    // The width the first 15 characters take fits in what the header leaves the title.
    const fit = await heading.evaluate((el) => {
      const range = document.createRange();
      range.setStart(el.firstChild!, 0);
      range.setEnd(el.firstChild!, 15);
      return { needed: range.getBoundingClientRect().width, shown: el.clientWidth };
    });
    expect(fit.needed).toBeLessThanOrEqual(fit.shown);
    await shows(page.getByTestId('editor-name'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await context.close();
  });
});

describe('the team card', () => {
  /** The card's details as label → value, from its definition list. */
  const details = (card: Locator) =>
    card
      .locator('dl')
      .first()
      .evaluate((dl) => {
        const out: Record<string, string> = {};
        for (const dt of dl.querySelectorAll('dt'))
          out[(dt as HTMLElement).innerText.trim()] = (dt.nextElementSibling as HTMLElement).innerText.trim();
        return out;
      });

  it('says there is no plan yet and no renewal until there is one, then when it renews', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, { prefix: 'card' });
    const team = await createTeamByApi(context, suite.server.url, 'Budget Desk');
    await page.goto('/team');
    const card = page.getByRole('region', { name: 'Budget Desk' });
    await shows(card);
    const before = await details(card);
    expect(before).toMatchObject({ PLAN: 'No plan yet', SEATS: '1 / 5' });
    expect(Object.keys(before).some((label) => /RENEW|ENDED/.test(label))).toBe(false);
    expect(Object.values(before)).not.toContain('None');

    const renews = new Date(Date.now() + 30 * DAY_MS);
    await setTeam(suite.server, team.id, {
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      subscriptionRenewalDate: renews,
    });
    await page.reload();
    await shows(card);
    // Worded as the page words dates: in the browser's locale.
    const day = await page.evaluate(
      (iso) => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso)),
      renews.toISOString(),
    );
    expect(await details(card)).toMatchObject({ PLAN: 'Professional Editor', 'RENEWS ON': day });
    await context.close();
  });
});
