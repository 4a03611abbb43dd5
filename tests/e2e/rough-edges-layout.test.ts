import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STABBING } from '../../src/server/editor/respond/test-stories';
import { DESKTOP, loginByApi, newAccount, newPage, registerByApi, shows, type Account } from './support/browser';
import { serverAndBrowser } from './support/suite';
import { createTeamByApi } from './support/team-api';
import { composer, replies, sidebar, userMessages } from './support/chat';

// Rough edges of issue 13 found on a walk-through: what search, replies, phones and headings show.

const STORY =
  'The city council voted 7-2 on Tuesday in order to approve a new budget of 5 million dollars, officials said. At this point in time, many residents are unhappy with the plan, and the mayor will hold a meeting next week.';

const suite = serverAndBrowser();

interface ChatSession {
  context: BrowserContext;
  page: Page;
  account: Account;
}

/** A trialing subscriber on /chat with the composer ready. */
async function openChat(viewport = DESKTOP): Promise<ChatSession> {
  const s = suite.server;
  const account = newAccount('layout');
  await registerByApi(s.url, account);
  await s.setSubscription(account.email, { subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
  const { context, page } = await newPage(suite.browser, s.url, viewport);
  await loginByApi(context, s.url, account);
  await page.goto('/chat');
  await shows(composer(page));
  return { context, page, account };
}

/** Sends with Enter and waits until the reply is complete and the composer is back. */
async function sendAndWait(page: Page, text: string) {
  const before = await replies(page).count();
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect.poll(() => userMessages(page).count()).toBeGreaterThan(0);
  await expect.poll(() => replies(page).count()).toBe(before + 1);
  await page.locator('article[aria-busy="true"]').waitFor({ state: 'detached' });
  await shows(page.getByRole('button', { name: 'Send' }));
}

describe('conversation search excerpts', () => {
  it('show a reply as plain text with the words searched for marked, and a message’s markup as text', async () => {
    const { context, page } = await openChat();
    await sendAndWait(page, `Please review the budget story: ${STORY}`);
    await sendAndWait(page, 'The <img src=x onerror="document.title=1"> tag and the **harbour** pier');

    const search = page.getByRole('searchbox', { name: 'Search conversations' });
    await search.fill('editor review');
    const excerpt = sidebar(page)
      .getByRole('list', { name: /^Messages in / })
      .getByRole('button')
      .first();
    await shows(excerpt);
    const text = await excerpt.innerText();
    expect(text).toMatch(/^Editor’s review · /);
    expect(text).not.toMatch(/[#*_`]/);
    expect((await excerpt.locator('mark').allInnerTexts()).slice(0, 2)).toEqual(['Editor', 'review']);

    // A user's message is shown as typed: its angle brackets are text, never an element.
    await search.fill('harbour');
    const typed = sidebar(page)
      .getByRole('list', { name: /^Messages in / })
      .getByRole('button')
      .first();
    await expect.poll(() => typed.innerText()).toBe('The <img src=x onerror="document.title=1"> tag and the **harbour** pier');
    expect(await typed.locator('img').count()).toBe(0);
    expect(await typed.locator('mark').allInnerTexts()).toEqual(['harbour']);
    await context.close();
  });
});

describe('explanations in replies', () => {
  it('give every sentence whole: the sentences a cut took out, and each reason in the explanation', async () => {
    const { context, page } = await openChat();
    const story = STABBING.replace(/\s+/g, ' ');
    await sendAndWait(page, `Cut to 60 words\n\n${STABBING}`);
    const cutReply = replies(page).last();
    const cutList = cutReply.locator('li', { hasText: /^Cut \d+ passages/ }).locator('li');
    const cuts = (await cutList.allInnerTexts()).map((t) => t.trim());
    expect(cuts.length).toBeGreaterThan(3);
    for (const cut of cuts) {
      const passage = cut.replace(/ \(a quote the review flags as weak\)$/, '');
      if (/^and \d+ more passages? \(\d+ words?\)$/.test(passage)) continue;
      expect(passage, 'a cut sentence, quoted whole').toMatch(/^“.+[.!?]["”]?”$/);
      expect(story).toContain(passage.slice(1, -1));
    }

    await sendAndWait(page, 'Explain your edits');
    const reasons = (await replies(page).last().locator('ol > li').allInnerTexts()).map((t) => t.trim());
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) {
      expect(reason, 'an explanation ends as a sentence does').toMatch(/[.!?]["”’)]?$/);
      expect(reason, 'an explanation quotes nothing cut short').not.toMatch(/[\p{L}\p{N},]…/u);
    }
    await context.close();
  });
});

describe('on a phone (390x844)', () => {
  const PHONE_390 = { width: 390, height: 844 };

  it('shows the Start 7-Day Free Trial button on /subscribe without scrolling', async () => {
    const account = newAccount('phone');
    await registerByApi(suite.server.url, account);
    const { context, page } = await newPage(suite.browser, suite.server.url, PHONE_390);
    await loginByApi(context, suite.server.url, account);
    await page.goto('/subscribe');
    const trial = page.getByRole('button', { name: 'Start 7-Day Free Trial' });
    await shows(trial);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const box = (await trial.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE_390.height);
    // The plan and its features are still on the page, below.
    await shows(page.getByRole('list', { name: 'Professional Editor features' }));
    await context.close();
  });

  it('leaves the messages most of the height: quick actions, composer and notice take under 18% of it', async () => {
    const { context, page } = await openChat(PHONE_390);
    await sendAndWait(page, `Please review the budget story: ${STORY}`);
    const actions = page.getByRole('group', { name: 'Quick actions' });
    const notice = page.getByText('The AI editor may produce inaccurate information.', { exact: false });
    await shows(actions);
    await shows(notice);
    const parts = [page.getByRole('button', { name: 'Hide quick actions' }), actions, composer(page), notice];
    const top = Math.min(...(await Promise.all(parts.map(async (p) => (await p.boundingBox())!.y))));
    expect((PHONE_390.height - top) / PHONE_390.height).toBeLessThan(0.18);

    // Every action is still there, in one row that scrolls sideways, without the page scrolling sideways.
    const last = actions.getByRole('button', { name: 'Simplify the language' });
    await last.scrollIntoViewIfNeeded();
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.x + lastBox.width).toBeLessThanOrEqual(PHONE_390.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await last.click();
    await expect.poll(() => userMessages(page).count()).toBe(2);
    await context.close();
  });
});

describe('headings', () => {
  interface Heading {
    page: string;
    text: string;
    family: string;
    weight: string;
  }

  /** The page's visible headings of one level (or the named ones), with the font each is drawn in. */
  async function headings(page: Page, selector: string): Promise<Heading[]> {
    const path = new URL(page.url()).pathname;
    return page.locator(selector).evaluateAll(
      (els, at) =>
        els
          .filter((el) => (el as HTMLElement).offsetParent !== null && el.getBoundingClientRect().width > 1)
          .map((el) => {
            const style = getComputedStyle(el);
            return { page: at, text: (el as HTMLElement).innerText.trim(), family: style.fontFamily, weight: style.fontWeight };
          }),
      path,
    );
  }

  const distinct = (values: string[]) => [...new Set(values)];

  it('draws every page title in one family, and every section title in one family and weight', async () => {
    const s = suite.server;
    const h1s: Heading[] = [];
    const h2s: Heading[] = [];
    async function collect(page: Page, path: string, ready: string | RegExp) {
      await page.goto(path);
      await shows(page.getByRole('heading', { name: ready }).first());
      h1s.push(...(await headings(page, 'h1')));
      h2s.push(...(await headings(page, 'h2')));
    }

    const visitor = await newPage(suite.browser, s.url);
    await collect(visitor.page, '/', /Sharper copy/);
    await collect(visitor.page, '/auth', 'Welcome to Copydesk');
    await collect(visitor.page, '/forgot-password', 'Forgot your password?');
    await collect(visitor.page, '/no-such-page', '404 Page Not Found');
    await visitor.context.close();

    // An admin who owns a team and has no subscription: /subscribe, /settings, /team and /admin.
    const account = newAccount('heads');
    await registerByApi(s.url, account);
    await s.updateUser(account.email, { isAdmin: true });
    const member = await newPage(suite.browser, s.url);
    await loginByApi(member.context, s.url, account);
    await createTeamByApi(member.context, s.url, 'Headline Desk');
    await collect(member.page, '/subscribe', 'Upgrade to Professional');
    await collect(member.page, '/settings', 'Subscription');
    await collect(member.page, '/team', 'Headline Desk');
    await collect(member.page, '/admin', 'Audit log');

    // The chat's panels: the welcome, and the pinned references beside a reply.
    await s.setSubscription(account.email, { subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
    await collect(member.page, '/chat', /Welcome to your editing desk/);
    await sendAndWait(member.page, `Please review the budget story: ${STORY}`);
    await replies(member.page).last().getByRole('button', { name: 'Pin message' }).click();
    await shows(member.page.getByRole('heading', { name: /Pinned references/ }));
    h2s.push(...(await headings(member.page, 'h2')));
    await member.context.close();

    const pages = (list: Heading[]) => distinct(list.map((h) => h.page));
    expect(pages(h1s)).toEqual(
      expect.arrayContaining(['/', '/auth', '/forgot-password', '/no-such-page', '/subscribe', '/settings', '/team', '/admin']),
    );
    expect(pages(h2s)).toEqual(expect.arrayContaining(['/', '/auth', '/subscribe', '/settings', '/team', '/admin', '/chat']));
    expect(distinct(h1s.map((h) => h.family)), JSON.stringify(h1s, null, 1)).toHaveLength(1);
    expect(distinct(h2s.map((h) => `${h.family} ${h.weight}`)), JSON.stringify(h2s, null, 1)).toHaveLength(1);
  });
});
