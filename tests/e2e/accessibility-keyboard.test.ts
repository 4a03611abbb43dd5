import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appOrigin, hides, loginByApi, newAccount, newPage, registerByApi, shows, toasts, type Account } from './support/browser';
import { serverModelAndBrowser } from './support/suite';
import { putInSuspendedTeam } from './support/teams';
import { composer, replies } from './support/chat';

/**
 * Titles, focus, announcements and keyboard-only use. The editor is an OpenAI-compatible model (the local
 * Chat Completions double), so a reply streams as slowly as a test needs to watch it.
 */

const suite = serverModelAndBrowser();

/** A registered account, signed in on a page of its own; `plan` puts it on a running trial. */
async function signedIn(o: { plan?: boolean } = {}): Promise<{ account: Account; context: BrowserContext; page: Page }> {
  const account = newAccount('access');
  await registerByApi(suite.server.url, account);
  if (o.plan) await suite.server.setSubscription(account.email, { subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
  const { context, page } = await newPage(suite.browser, suite.server.url);
  await loginByApi(context, suite.server.url, account);
  return { account, context, page };
}

const STORY =
  'The city council voted 7-2 on Tuesday in order to approve a new budget of 5 million dollars, officials said. Many residents are unhappy with the plan.';
const REVISED = 'The city council voted 7-2 on Tuesday to approve a $5 million budget, officials said. Many residents oppose the plan.';
/** A reply that revises the copy, so it offers the side-by-side comparison. */
const REVIEW = ['## Editor’s review', '\n\nTightened the lede.', '\n\n### Revised text', `\n\n${REVISED}\n`];

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}` : 'none';
  });

/** A subscriber on /chat with the composer ready. */
async function openChat() {
  const session = await signedIn({ plan: true });
  await session.page.goto('/chat');
  await shows(composer(session.page)).catch(async (e) => {
    console.log('DEBUG', session.page.url(), await session.page.locator('body').innerText());
    throw e;
  });
  return session;
}

/** Waits until the reply being written is complete and the composer is back. */
async function replyDone(page: Page) {
  await page.locator('article[aria-busy="true"]').waitFor({ state: 'detached' });
  await shows(page.getByRole('button', { name: 'Send' }));
}

describe('page titles', () => {
  it('names each page in the tab, also after moving between pages in the app', async () => {
    const visitor = await newPage(suite.browser, suite.server.url);
    const loggedOut: Array<[string, string]> = [
      ['/', 'Copydesk · The AI editor for journalists and newsrooms'],
      ['/auth', 'Sign in · Copydesk'],
      ['/contact', 'Contact · Copydesk'],
      ['/forgot-password', 'Forgot password · Copydesk'],
      ['/reset-password?token=abc', 'Reset password · Copydesk'],
      ['/accept-invitation?token=abc', 'Accept invitation · Copydesk'],
      ['/no-such-page', 'Page not found · Copydesk'],
      ['/chat/no-such-page', 'Page not found · Copydesk'],
    ];
    for (const [path, title] of loggedOut) {
      await visitor.page.goto(path);
      await expect.poll(() => visitor.page.title()).toBe(title);
    }
    await visitor.page.goto('/');
    await visitor.page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).click();
    await visitor.page.waitForURL('**/auth');
    await expect.poll(() => visitor.page.title()).toBe('Sign in · Copydesk');
    await visitor.context.close();

    const { context, page } = await signedIn();
    await page.goto('/subscribe');
    await expect.poll(() => page.title()).toBe('Subscribe · Copydesk');
    for (const [path, title] of [
      ['/settings', 'Settings · Copydesk'],
      ['/team', 'Team · Copydesk'],
      ['/admin', 'Admin Console · Copydesk'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.title()).toBe(title);
    }
    await page.goto('/success?session_id=cs_test');
    await expect.poll(() => page.title()).toBe('Subscription · Copydesk');
    await context.close();

    const subscriber = await signedIn({ plan: true });
    await subscriber.page.goto('/chat');
    await expect.poll(() => subscriber.page.title()).toBe('Chat · Copydesk');
    await subscriber.page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect.poll(() => subscriber.page.title()).toBe('Settings · Copydesk');
    await subscriber.context.close();
  });
});

describe('focus in the chat', () => {
  it('puts the cursor in the composer when the chat opens, when a conversation is opened or started, and after Stop', async () => {
    suite.model.behave({ tokens: REVIEW, firstTokenMs: 0, tokenIntervalMs: 0 });
    const { context, page } = await openChat();
    await expect.poll(() => isFocused(composer(page))).toBe(true);

    await page.keyboard.type(STORY);
    await page.keyboard.press('Enter');
    await replyDone(page);
    await expect.poll(() => isFocused(composer(page))).toBe(true);

    // A new conversation, started from the keyboard.
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await page.getByRole('button', { name: 'New conversation', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => sidebar.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => isFocused(composer(page))).toBe(true);
    expect(await replies(page).count()).toBe(0);

    // The earlier one, opened from the list.
    await sidebar.getByRole('button', { name: /^The city council/ }).focus();
    await page.keyboard.press('Enter');
    await shows(replies(page).first());
    await expect.poll(() => isFocused(composer(page))).toBe(true);

    // Stop: the focus waits on Stop while the box is locked, and comes back to the box.
    suite.model.behave({ tokens: Array.from({ length: 400 }, (_, i) => ` token${i}`), firstTokenMs: 0, tokenIntervalMs: 40 });
    await page.keyboard.type('Please tighten the second paragraph of the story.');
    await page.keyboard.press('Enter');
    await expect.poll(() => replies(page).last().innerText()).toContain('token3');
    await expect.poll(() => isFocused(page.getByRole('button', { name: 'Stop' }))).toBe(true);
    await page.keyboard.press('Enter');
    await shows(replies(page).last().getByText('Stopped', { exact: true }));
    await shows(page.getByRole('button', { name: 'Send' }));
    await expect.poll(() => isFocused(composer(page))).toBe(true);
    await context.close();
  });

  it('gives the focus back to the composer when a dialog or popover on the chat page closes', async () => {
    suite.model.behave({ tokens: REVIEW, firstTokenMs: 0, tokenIntervalMs: 0 });
    const { context, page, account } = await openChat();
    await composer(page).focus();
    await page.keyboard.type(STORY);
    await page.keyboard.press('Enter');
    await replyDone(page);
    const reply = replies(page).last();

    const closesToComposer = async (open: Locator, dialog: Locator, close: () => Promise<void>) => {
      await open.focus();
      await page.keyboard.press('Enter');
      await shows(dialog);
      await close();
      await hides(dialog);
      await expect.poll(() => focusedName(page)).toBe('textarea Message');
    };

    await closesToComposer(
      reply.getByRole('button', { name: 'Compare drafts side by side' }),
      page.getByRole('dialog', { name: 'Side-by-side comparison' }),
      () => page.keyboard.press('Escape'),
    );
    await closesToComposer(
      page.getByRole('button', { name: 'Upload Document' }),
      page.getByRole('dialog', { name: 'Upload Document' }),
      () => page.keyboard.press('Escape'),
    );
    await closesToComposer(
      page.getByRole('button', { name: 'About the editor' }),
      page.getByText('About the editor', { exact: true }),
      () => page.keyboard.press('Escape'),
    );
    await reply.getByRole('button', { name: 'Pin message' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('complementary', { name: 'Pinned references' });
    // Collapsing and expanding the column keeps the focus on its toggle.
    await panel.getByRole('button', { name: 'Collapse pinned references' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('button Show pinned references (1)');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('button Collapse pinned references');
    await closesToComposer(panel.getByRole('button', { name: 'Clear all' }), page.getByRole('alertdialog'), async () => {
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).focus();
      await page.keyboard.press('Enter');
    });

    // A click into another field while a popover is open keeps the focus there.
    await page.getByRole('button', { name: 'Upload Document' }).focus();
    await page.keyboard.press('Enter');
    await shows(page.getByRole('dialog', { name: 'Upload Document' }));
    await page.getByRole('searchbox', { name: 'Search conversations' }).click();
    await hides(page.getByRole('dialog', { name: 'Upload Document' }));
    await expect.poll(() => focusedName(page)).toBe('input Search conversations');

    // The dialog a refused send opens.
    await putInSuspendedTeam(suite.server, account.email, 'Harbor Gazette');
    await composer(page).focus();
    await page.keyboard.type(STORY);
    await page.keyboard.press('Enter');
    const suspended = page.getByRole('alertdialog', { name: 'Team Access Suspended' });
    await shows(suspended);
    await expect.poll(() => focusedName(page)).toBe('button OK');
    await page.keyboard.press('Enter');
    await hides(suspended);
    await expect.poll(() => focusedName(page)).toBe('textarea Message');
    await context.close();
  });
});

describe('announcing replies', () => {
  it('reads out the start of a reply at once, and the streamed text only when it is complete', async () => {
    suite.model.behave({
      tokens: ['Tighten', ' the', ' lede', ' first', '.', ' Then', ' cut', ' the', ' adverbs.'],
      firstTokenMs: 1500,
      tokenIntervalMs: 300,
    });
    const { context, page } = await openChat();
    await composer(page).fill(STORY);
    await composer(page).press('Enter');
    const log = page.getByRole('log', { name: 'Messages' });
    // The message sent and the editor typing are announced as they appear.
    await shows(log.getByRole('status', { name: 'The editor is typing' }));
    expect(await log.getAttribute('aria-live')).toBe('polite');
    expect(await log.getAttribute('aria-busy')).not.toBe('true');
    // The words as they stream are not.
    await expect.poll(() => replies(page).last().innerText()).toContain('Tighten the');
    expect(await log.getAttribute('aria-busy')).toBe('true');
    await replyDone(page);
    await expect.poll(() => log.getAttribute('aria-busy')).toBe('false');
    expect(await replies(page).last().innerText()).toContain('Then cut the adverbs.');
    await context.close();
  });
});

describe('keyboard shortcuts', () => {
  it('lists the shortcuts on ? pressed outside a text field, and on the help menu’s item; Escape closes the list', async () => {
    const { context, page } = await openChat();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });

    // In the composer '?' is text.
    await expect.poll(() => isFocused(composer(page))).toBe(true);
    await page.keyboard.press('?');
    expect(await composer(page).inputValue()).toBe('?');
    expect(await dialog.count()).toBe(0);
    await page.keyboard.press('Backspace');

    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusedName(page)).toBe('button Upload Document');
    await page.keyboard.press('?');
    await shows(dialog);
    const lines = (await dialog.locator('dl > div').allInnerTexts()).map((line) => line.replace(/\s+/g, ' ').trim());
    for (const line of [
      '? Show these shortcuts',
      'Enter Send the message',
      'Shift + Enter Start a new line',
      'Esc Close a dialog, a menu or the pinned references',
      'Space or Enter Accept or reject the edit',
    ]) {
      expect(lines).toContain(line);
    }
    await page.keyboard.press('Escape');
    await hides(dialog);
    await expect.poll(() => focusedName(page)).toBe('button Upload Document');

    // From the help menu, and back to its button.
    await page.getByRole('button', { name: 'Help' }).focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('button', { name: 'Keyboard shortcuts' });
    await shows(item);
    for (let i = 0; i < 5 && !(await isFocused(item)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await shows(dialog);
    await page.keyboard.press('Escape');
    await hides(dialog);
    await expect.poll(() => focusedName(page)).toBe('button Help');
    await context.close();
  });

  it('works on the landing page too, whose first load does not carry the dialog', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await shows(page.getByRole('heading', { level: 1 }));
    await page.waitForLoadState('networkidle');
    const dialogCode = () => scripts.filter((s) => s.includes('keyboard-shortcuts-dialog'));
    expect(dialogCode()).toEqual([]);
    await page.keyboard.press('?');
    await shows(page.getByRole('dialog', { name: 'Keyboard shortcuts' }));
    expect(dialogCode()).toHaveLength(1);
    await page.keyboard.press('Escape');
    await hides(page.getByRole('dialog', { name: 'Keyboard shortcuts' }));
    await context.close();
  });
});

/** Presses Tab (Shift+Tab with `back`) until the control has the focus, as someone without a mouse would get to it. */
async function tabTo(page: Page, control: Locator, o: { back?: boolean; max?: number } = {}) {
  await control.waitFor({ state: 'attached' });
  for (let i = 0; i < (o.max ?? 40); i++) {
    if (await isFocused(control)) return;
    await page.keyboard.press(o.back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${control.toString()} is not reached with ${o.back ? 'Shift+Tab' : 'Tab'}; the focus is on ${await focusedName(page)}`);
}

describe('keyboard only', () => {
  it('registers, signs in and starts the trial without a mouse', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount('keys');
    await page.goto('/auth');
    await tabTo(page, page.getByRole('tab', { name: 'Login' }));
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
    const register = page.getByRole('tabpanel', { name: 'Register' });
    await tabTo(page, register.getByLabel('Username'));
    await page.keyboard.type(account.username);
    await tabTo(page, register.getByLabel('Email'));
    await page.keyboard.type(account.email);
    await tabTo(page, register.getByLabel('Password', { exact: true }));
    await page.keyboard.type(account.password);
    await tabTo(page, register.getByLabel('Confirm Password'));
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/subscribe');

    await tabTo(page, page.getByRole('button', { name: 'Start 7-Day Free Trial' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/chat');
    await shows(composer(page));
    await context.close();

    // Signing in.
    const again = await newPage(suite.browser, suite.server.url);
    await again.page.goto('/auth');
    const login = again.page.getByRole('tabpanel', { name: 'Login' });
    await tabTo(again.page, login.getByLabel('Email'));
    await again.page.keyboard.type(account.email);
    await tabTo(again.page, login.getByLabel('Password', { exact: true }));
    await again.page.keyboard.type(account.password);
    await again.page.keyboard.press('Enter');
    await again.page.waitForURL('**/chat');
    await again.context.close();
  });

  it('sends a message, pins and unpins the reply, uploads a document and changes the password without a mouse', async () => {
    suite.model.behave({ tokens: REVIEW, firstTokenMs: 0, tokenIntervalMs: 0 });
    const { context, page, account } = await openChat();
    await expect.poll(() => isFocused(composer(page))).toBe(true);
    await page.keyboard.type(STORY);
    await page.keyboard.press('Enter');
    await replyDone(page);
    const reply = replies(page).last();
    expect(await reply.innerText()).toContain(REVISED);

    // Pin from the reply, unpin from the reply, pin again and remove it from the panel.
    const panel = page.getByRole('complementary', { name: 'Pinned references' });
    await tabTo(page, reply.getByRole('button', { name: 'Pin message' }), { back: true });
    await page.keyboard.press('Enter');
    await shows(panel.getByTestId('pin-preview'));
    await expect.poll(() => focusedName(page)).toBe('button Unpin message');
    await page.keyboard.press('Enter');
    await hides(panel);
    await expect.poll(() => focusedName(page)).toBe('button Pin message');
    await page.keyboard.press('Space');
    await shows(panel.getByTestId('pin-preview'));
    await tabTo(page, panel.getByRole('button', { name: 'Remove from pinned' }));
    await page.keyboard.press('Enter');
    await hides(panel);
    await expect.poll(() => focusedName(page)).toBe('textarea Message');

    // Upload: the popover from its button, the file input inside it, then Upload.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-keys-')), 'council.txt');
    fs.writeFileSync(file, `${STORY}\n\nThe budget takes effect in July, the finance director said.\n`);
    await tabTo(page, page.getByRole('button', { name: 'Upload Document' }), { back: true });
    await page.keyboard.press('Enter');
    const popover = page.getByRole('dialog', { name: 'Upload Document' });
    await shows(popover);
    const input = popover.locator('input[type="file"]');
    await tabTo(page, input);
    await input.setInputFiles(file);
    await shows(popover.getByText('council.txt'));
    await tabTo(page, popover.getByRole('button', { name: 'Upload', exact: true }));
    await page.keyboard.press('Enter');
    await shows(toasts(page).getByText('File uploaded'));
    await shows(replies(page).filter({ hasText: 'File uploaded' }));

    // Settings: a new password, saved with Enter.
    await page.goto('/settings');
    const form = page.getByRole('region', { name: 'Change Password' });
    await tabTo(page, form.getByLabel('Current Password'));
    await page.keyboard.type(account.password);
    await tabTo(page, form.getByLabel('New Password', { exact: true }));
    await page.keyboard.type('Newsdesk#2027');
    await tabTo(page, form.getByLabel('Confirm New Password'));
    await page.keyboard.type('Newsdesk#2027');
    await page.keyboard.press('Enter');
    await shows(toasts(page).getByText('Password Changed'));
    const res = await fetch(`${suite.server.url}/api/login`, {
      method: 'POST',
      headers: { ...appOrigin(suite.server.url), 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: 'Newsdesk#2027' }),
    });
    expect(res.status).toBe(200);
    await context.close();
  });
});

/**
 * Tabs through the page from its start and names every tab stop that looks the same focused as not: no outline,
 * ring, shadow or border change on it or on the three elements around it (a field's box, a card).
 */
async function tabStopsWithoutFocusRing(page: Page, maxStops = 80): Promise<string[]> {
  // The next Tab starts from the top of the page, as after a page load.
  await page.evaluate(() => {
    const start = document.createElement('div');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus();
    start.remove();
  });
  const unmarked: string[] = [];
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    const step = await page.evaluate(() => {
      type Stop = { el: Element; focused: string; name: string };
      const w = window as unknown as { tabStops?: Stop[] };
      const stops = (w.tabStops ??= []);
      const look = (el: Element) => {
        const chain: string[] = [];
        for (let node: Element | null = el, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
          const css = getComputedStyle(node);
          const outline =
            css.outlineStyle === 'none' || parseFloat(css.outlineWidth) === 0 ? 'none' : `${css.outlineStyle} ${css.outlineColor}`;
          chain.push(`${outline}|${css.boxShadow}|${css.borderColor}`);
        }
        return chain.join(' / ');
      };
      const last = stops.at(-1);
      const missing =
        last && last.el.isConnected && last.el !== document.activeElement && look(last.el) === last.focused ? last.name : null;
      const el = document.activeElement;
      if (!el || el === document.body || stops.some((s) => s.el === el)) return { missing, done: true };
      const label = el.getAttribute('aria-label') ?? (el as HTMLElement).innerText?.trim().split('\n')[0] ?? '';
      stops.push({
        el,
        focused: look(el),
        name: `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${label.slice(0, 50)}"`,
      });
      return { missing, done: false };
    });
    if (step.missing) unmarked.push(step.missing);
    if (step.done) return unmarked;
  }
  throw new Error(`more than ${maxStops} tab stops`);
}

describe('focus rings', () => {
  it('marks every tab stop of the public pages, the account pages and the chat when it has the focus', async () => {
    const visitor = await newPage(suite.browser, suite.server.url);
    for (const path of ['/', '/auth', '/contact', '/forgot-password']) {
      await visitor.page.goto(path);
      await shows(visitor.page.locator('main').first());
      expect({ path, unmarked: await tabStopsWithoutFocusRing(visitor.page) }).toEqual({ path, unmarked: [] });
    }
    await visitor.context.close();

    const { context, page } = await signedIn();
    for (const path of ['/subscribe', '/settings', '/team']) {
      await page.goto(path);
      await shows(page.getByRole('heading', { level: 1 }));
      expect({ path, unmarked: await tabStopsWithoutFocusRing(page) }).toEqual({ path, unmarked: [] });
    }
    await context.close();

    suite.model.behave({ tokens: REVIEW, firstTokenMs: 0, tokenIntervalMs: 0 });
    const chat = await openChat();
    await composer(chat.page).fill(STORY);
    await composer(chat.page).press('Enter');
    await replyDone(chat.page);
    await replies(chat.page).last().getByRole('button', { name: 'Pin message' }).click();
    expect({ path: '/chat', unmarked: await tabStopsWithoutFocusRing(chat.page) }).toEqual({ path: '/chat', unmarked: [] });
    await chat.context.close();
  });
});
