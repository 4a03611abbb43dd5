import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { QUICK_ACTIONS, quickAction } from '../../src/shared/quick-actions';
import { UPLOAD_MESSAGES } from '../../src/shared/uploads';
import {
  DESKTOP,
  PHONE,
  appOrigin,
  hides,
  loginByApi,
  newAccount,
  newPage,
  registerByApi,
  shows,
  toasts,
  type Account,
} from './support/browser';
import type { E2EServer } from './support/server';
import { serverAndBrowser } from './support/suite';
import { putInSuspendedTeam } from './support/teams';
import { composer, replies, sidebar, userMessages } from './support/chat';

const STORY =
  'The city council voted 7-2 on Tuesday in order to approve a new budget of 5 million dollars, officials said. At this point in time, many residents are unhappy with the plan, and the mayor will hold a meeting next week.';

const suite = serverAndBrowser();
const shotsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-chat-shots-'));

interface ChatSession {
  context: BrowserContext;
  page: Page;
  account: Account;
}

/** A trialing subscriber on /chat with the composer ready. */
async function openChat(
  s: E2EServer,
  o: { viewport?: typeof DESKTOP; plan?: string | null; teamId?: number | null; beforeVisit?: (page: Page) => Promise<unknown> } = {},
): Promise<ChatSession> {
  const account = newAccount('editor');
  await registerByApi(s.url, account);
  await s.setSubscription(account.email, {
    subscriptionStatus: 'trialing',
    subscriptionPlan: o.plan === undefined ? 'professional' : o.plan,
  });
  if (o.teamId !== undefined) await s.updateUser(account.email, { teamId: o.teamId });
  const { context, page } = await newPage(suite.browser, s.url, o.viewport ?? DESKTOP);
  await loginByApi(context, s.url, account);
  await o.beforeVisit?.(page);
  await page.goto('/chat');
  await shows(composer(page));
  return { context, page, account };
}

const conversationButtons = (page: Page) => sidebar(page).locator('li > div > button[type="button"]:not([aria-label])');

/** Sends with Enter and waits until the message is on screen. */
async function send(page: Page, text: string) {
  const before = await userMessages(page).count();
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect.poll(() => userMessages(page).count()).toBe(before + 1);
}

/** Waits until the reply being written is complete and the composer is back. */
async function replyDone(page: Page) {
  await page.locator('article[aria-busy="true"]').waitFor({ state: 'detached' });
  await shows(page.getByRole('button', { name: 'Send' }));
}

/** Conversations as the server has them, read through the REST API with the page's session. */
async function serverConversations(context: BrowserContext, s: E2EServer): Promise<Array<{ id: number; title: string }>> {
  const res = await context.request.get(`${s.url}/api/conversations`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Array<{ id: number; title: string }>;
}

describe('chat: first visit', () => {
  it('creates exactly one conversation and shows the welcome panel with the plan, the capabilities and the notice', async () => {
    const { context, page } = await openChat(suite.server);
    await shows(page.getByRole('heading', { name: /Welcome to your editing desk/ }));
    await shows(page.getByText('Your plan:'));
    await shows(page.locator('section[aria-labelledby="welcome-title"]').getByText('Professional', { exact: true }));
    await shows(page.getByText(/copy editor/).first());
    await shows(page.getByText('The AI editor may produce inaccurate information.', { exact: false }));
    await expect.poll(() => conversationButtons(page).count()).toBe(1);
    await shows(sidebar(page).getByText('New Conversation'));
    await shows(sidebar(page).getByText('just now'));
    expect(await serverConversations(context, suite.server)).toHaveLength(1);

    // Coming back does not create another: the first is selected.
    await page.reload();
    await shows(composer(page));
    await expect.poll(() => conversationButtons(page).count()).toBe(1);
    expect(await serverConversations(context, suite.server)).toHaveLength(1);

    // An empty conversation is already a new one: the button puts the cursor in it instead of adding another.
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await expect.poll(() => composer(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await serverConversations(context, suite.server)).toHaveLength(1);
    await context.close();
  });

  it('sends into the conversation being created for the visit, instead of making a second one', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let creates = 0;
    const { context, page } = await openChat(suite.server, {
      beforeVisit: (tab) =>
        tab.route(/\/trpc\/chat\.create/, async (route) => {
          creates += 1;
          await held;
          await route.continue();
        }),
    });
    // The visit's own conversation is on its way when the writer sends.
    await expect.poll(() => creates).toBe(1);
    await composer(page).fill(`Tighten this: ${STORY}`);
    await composer(page).press('Enter');
    release();
    await shows(userMessages(page).first());
    await replyDone(page);
    expect(creates).toBe(1);
    expect(await serverConversations(context, suite.server)).toHaveLength(1);
    await expect.poll(() => conversationButtons(page).count()).toBe(1);
    expect(await userMessages(page).count()).toBe(1);
    await context.close();
  });

  it('sends a message typed while New Conversation is being created into the new conversation', async () => {
    const { context, page } = await openChat(suite.server);
    await send(page, `Tighten this: ${STORY}`);
    await replyDone(page);
    const [first] = await serverConversations(context, suite.server);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/trpc\/chat\.create/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await composer(page).fill('Write headlines for the harbour story: the north pier closed on Monday, officials said.');
    await composer(page).press('Enter');
    release();
    await expect.poll(async () => (await serverConversations(context, suite.server)).length).toBe(2);
    await replyDone(page);
    await shows(userMessages(page).filter({ hasText: 'harbour story' }));
    expect(await userMessages(page).count()).toBe(1);
    const res = await context.request.get(`${suite.server.url}/api/conversations/${first!.id}`);
    expect(JSON.stringify(await res.json())).not.toContain('harbour story');
    await context.close();
  });

  it('draws the capabilities’ list and bold words, and an empty chat downloads no Markdown renderer for them', async () => {
    const { context, page } = await openChat(suite.server);
    const note = page
      .locator('section[aria-labelledby="welcome-title"]')
      .getByRole('heading', { name: 'What your editor can do' })
      .locator('..');
    await shows(note.getByRole('listitem').first());
    await shows(note.getByRole('listitem').locator('strong', { hasText: 'write headlines' }));
    expect(await note.innerText()).not.toContain('**');

    await page.getByRole('button', { name: 'About the editor' }).click();
    const about = page.getByRole('dialog', { name: 'About the editor' });
    await shows(about.locator('strong', { hasText: 'tighten it to a length' }));
    await page.waitForLoadState('networkidle');
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    expect(fetched.filter((file) => /\/markdown-[\w-]+\.js$/.test(file))).toEqual([]);
    await context.close();
  });

  it('shows Basic as the plan when the account has none, and the Team Dashboard only to team members', async () => {
    const basic = await openChat(suite.server, { plan: null });
    await shows(basic.page.locator('section[aria-labelledby="welcome-title"]').getByText('Basic', { exact: true }));
    expect(await basic.page.getByRole('link', { name: 'Team Dashboard' }).count()).toBe(0);
    await basic.context.close();

    const member = await openChat(suite.server, { teamId: 12 });
    await member.page.getByRole('link', { name: 'Team Dashboard' }).click();
    await member.page.waitForURL('**/team');
    await member.context.close();
  });

  it('links the logo home, the stylebook icon to /stylebook and the settings icon to /settings', async () => {
    const { context, page } = await openChat(suite.server);
    await page.getByRole('link', { name: 'Stylebook', exact: true }).click();
    await page.waitForURL('**/stylebook');
    await page.goto('/chat');
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.waitForURL('**/settings');
    await page.goto('/chat');
    await page.getByRole('link', { name: 'Copydesk home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('chat: composer and replies', () => {
  it('sends with Enter, breaks lines with Shift+Enter, and streams the editor’s review', async () => {
    const { context, page } = await openChat(suite.server);
    const box = composer(page);

    // Blank and whitespace-only messages are not sent.
    await box.fill('   \n  ');
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await box.press('Enter');
    expect(await userMessages(page).count()).toBe(0);

    await box.fill('');
    await box.type('Please review this story:');
    await box.press('Shift+Enter');
    await box.press('Shift+Enter');
    await box.type(STORY);
    expect(await box.inputValue()).toBe(`Please review this story:\n\n${STORY}`);
    expect(await userMessages(page).count()).toBe(0);

    // The box grows with its text, up to 150 px.
    const oneStory = (await box.boundingBox())!.height;
    expect(oneStory).toBeGreaterThan(40);
    expect(oneStory).toBeLessThanOrEqual(150);

    await box.press('Enter');
    await shows(userMessages(page).first());
    expect(await userMessages(page).first().innerText()).toContain('Please review this story:\n\nThe city council');
    expect(await box.inputValue()).toBe('');

    await replyDone(page);
    await box.fill(Array.from({ length: 30 }, (_, i) => `Line ${i + 1}`).join('\n'));
    expect((await box.boundingBox())!.height).toBe(150);
    await box.fill('');
    const reply = replies(page).last();
    await shows(reply.getByRole('heading', { name: 'Editor’s review' }));
    await shows(reply.getByRole('heading', { name: 'Revised text' }));
    expect(await reply.innerText()).toContain('$5 million');
    // Markdown is rendered, not shown as source.
    expect(await reply.innerText()).not.toContain('## ');
    // The first message names the conversation.
    await shows(sidebar(page).getByText(/^Please review this story/));
    await hides(page.getByRole('heading', { name: /Welcome to your editing desk/ }));
    await context.close();
  });

  it('copies a reply to the clipboard', async () => {
    const { context, page } = await openChat(suite.server);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await send(page, STORY);
    await replyDone(page);
    const reply = replies(page).last();
    await reply.getByRole('button', { name: 'Copy message' }).click();
    await shows(reply.getByRole('button', { name: 'Copied' }));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('## Editor’s review');
    await context.close();
  });

  it('does not render raw HTML a user types', async () => {
    const { context, page } = await openChat(suite.server);
    await send(page, '<img src=x onerror="window.__pwned=1"> <b>bold</b> text for the editor to read carefully today');
    await replyDone(page);
    expect(await userMessages(page).first().innerText()).toContain('<b>bold</b>');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('main img').count()).toBe(0);
    await context.close();
  });

  it('removes the optimistic message and says so when the server refuses the send, then goes to /subscribe', async () => {
    const { context, page, account } = await openChat(suite.server);
    await suite.server.setSubscription(account.email, { subscriptionStatus: 'inactive' });
    await composer(page).fill(STORY);
    await composer(page).press('Enter');
    await shows(toasts(page).getByText('Failed to send message'));
    await shows(toasts(page).getByText('An active subscription is required'));
    await page.waitForURL('**/subscribe');
    await context.close();
  });
});

describe('chat: quick actions', () => {
  it('hides and shows the six actions, and sends the action’s name with the copy typed in the composer', async () => {
    const { context, page } = await openChat(suite.server);
    const group = page.getByRole('group', { name: 'Quick actions' });
    for (const a of QUICK_ACTIONS) await shows(group.getByRole('button', { name: a.label }));
    // Nothing to work on yet: the actions wait for copy.
    expect(await group.getByRole('button', { name: 'Make more concise' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Hide quick actions' }).click();
    await hides(group);
    await page.reload();
    await shows(composer(page));
    await hides(page.getByRole('group', { name: 'Quick actions' }));
    await page.getByRole('button', { name: 'Show quick actions' }).click();
    await shows(group);

    await composer(page).fill(STORY);
    await group.getByRole('button', { name: 'Make more concise' }).click();
    await shows(userMessages(page).first());
    // The bubble shows the action's name and the copy, not the long prompt the editor answers.
    const sent = await userMessages(page).first().innerText();
    expect(sent.startsWith('Make more concise')).toBe(true);
    expect(sent).not.toContain(quickAction('concise').request);
    expect(sent).not.toMatch(/\n1\. /);
    expect(sent.trim().endsWith(STORY)).toBe(true);
    await replyDone(page);
    await shows(replies(page).last().getByRole('heading', { name: 'Revised: more concise' }));

    // With messages in the conversation, the action works on the latest version in it.
    await group.getByRole('button', { name: 'Fix grammar and style' }).click();
    await expect.poll(() => userMessages(page).count()).toBe(2);
    expect((await userMessages(page).nth(1).locator('div').first().innerText()).trim()).toBe('Fix grammar and style');
    await replyDone(page);
    await shows(replies(page).last().getByText('Working on the latest revised version from our conversation.'));
    // The saved message is the short one too.
    await page.reload();
    await expect.poll(() => userMessages(page).count()).toBe(2);
    expect((await userMessages(page).nth(1).locator('div').first().innerText()).trim()).toBe('Fix grammar and style');
    await context.close();
  });

  it('opens a side-by-side comparison of the copy and the revision, with the changes highlighted and listed', async () => {
    const { context, page } = await openChat(suite.server);
    await composer(page).fill(STORY);
    await page.getByRole('group', { name: 'Quick actions' }).getByRole('button', { name: 'Make more concise' }).click();
    await replyDone(page);
    // The user's message holds no revision, so only the reply offers a comparison.
    expect(await userMessages(page).getByRole('button', { name: 'Compare drafts side by side' }).count()).toBe(0);
    await replies(page).last().getByRole('button', { name: 'Compare drafts side by side' }).click();

    const dialog = page.getByRole('dialog', { name: 'Side-by-side comparison' });
    await shows(dialog);
    const original = dialog.getByRole('region', { name: 'Original' });
    const revised = dialog.getByRole('region', { name: 'Revised' });
    expect(await original.innerText()).toContain('in order to approve');
    expect(await original.innerText()).not.toContain('Make this copy');
    expect(await revised.innerText()).toContain('to approve a new budget of $5 million');
    expect(await original.locator('del').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('dollars')]));
    expect(await revised.locator('ins').allInnerTexts()).toEqual(expect.arrayContaining(['$', 'Now']));
    const changes = dialog.getByRole('region', { name: 'What changed' }).getByRole('listitem');
    expect(await changes.count()).toBeGreaterThanOrEqual(2);
    // The engine's comparison links a change to the rule that made it.
    await shows(changes.getByText(/earn its place/).first());
    await shows(
      dialog
        .getByRole('region', { name: 'Why' })
        .getByText(/in order to/)
        .first(),
    );

    await page.keyboard.press('Escape');
    await hides(dialog);
    await context.close();
  });
});

describe('chat: pins', () => {
  it('pins a reply into the panel with a 150-character preview, keeps it across reloads, and removes pins', async () => {
    const { context, page } = await openChat(suite.server);
    const panel = page.getByRole('complementary', { name: 'Pinned references' });
    expect(await panel.count()).toBe(0);

    await send(page, STORY);
    await replyDone(page);
    const reply = replies(page).last();
    await reply.getByRole('button', { name: 'Pin message' }).click();
    await shows(panel);
    await shows(reply.getByRole('button', { name: 'Unpin message' }));
    await page.screenshot({ path: path.join(shotsDir, 'chat-desktop.png') });

    // 150 characters of what the reader sees (not the Markdown source), then an ellipsis.
    const preview = await panel.getByTestId('pin-preview').innerText();
    expect(preview.endsWith('...')).toBe(true);
    expect(preview.length).toBe(150 + 3);
    expect(preview.startsWith('Editor’s review')).toBe(true);
    expect(preview).not.toContain('#');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pinned-messages') ?? '[]') as Array<Record<string, unknown>>);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ role: 'assistant', conversationId: expect.any(Number), pinnedAt: expect.any(String) });
    expect(String(stored[0]!.content).startsWith('## Editor’s review')).toBe(true);

    await page.reload();
    await shows(panel);
    await shows(replies(page).last().getByRole('button', { name: 'Unpin message' }));

    // Unpin from the message.
    await replies(page).last().getByRole('button', { name: 'Unpin message' }).click();
    await hides(panel);

    // Remove one from the panel.
    await replies(page).last().getByRole('button', { name: 'Pin message' }).click();
    await shows(panel);
    await panel.getByRole('button', { name: 'Remove from pinned' }).click();
    await hides(panel);

    // Clear all, after confirming.
    await send(page, `Write headlines for this story: ${STORY}`);
    await replyDone(page);
    await replies(page).first().getByRole('button', { name: 'Pin message' }).click();
    await replies(page).last().getByRole('button', { name: 'Pin message' }).click();
    await expect.poll(() => panel.getByTestId('pin-preview').count()).toBe(2);
    await panel.getByRole('button', { name: 'Clear all' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Clear all' }).click();
    await hides(panel);
    expect(await page.evaluate(() => localStorage.getItem('pinned-messages'))).toBe('[]');
    await context.close();
  });

  it('collapses and expands the panel, and goes to a pinned message', async () => {
    const { context, page } = await openChat(suite.server);
    await send(page, STORY);
    await replyDone(page);
    await replies(page).last().getByRole('button', { name: 'Pin message' }).click();
    const panel = page.getByRole('complementary', { name: 'Pinned references' });
    await panel.getByRole('button', { name: 'Collapse pinned references' }).click();
    await hides(panel.getByTestId('pin-preview'));
    await panel.getByRole('button', { name: 'Show pinned references (1)' }).click();
    await shows(panel.getByTestId('pin-preview'));

    // From another conversation, a pin leads back to its message.
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await shows(page.getByRole('heading', { name: /Welcome to your editing desk/ }));
    await panel.getByRole('button', { name: 'Go to message' }).click();
    const highlighted = page.locator('article[data-highlighted="true"][data-role="assistant"]');
    await shows(highlighted);
    expect(await highlighted.innerText()).toContain('Editor’s review');
    await context.close();
  });
});

describe('chat: sidebar', () => {
  it('searches titles and message text, and jumps to a found message with a highlight', async () => {
    const { context, page } = await openChat(suite.server);
    await send(page, `Please check the lede about the zebra crossing: ${STORY}`);
    await replyDone(page);

    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await expect.poll(() => conversationButtons(page).count()).toBe(2);
    // The list can show the new conversation (refreshed after the reply) a moment before the page opens it.
    await shows(page.getByRole('heading', { name: /Welcome to your editing desk/ }));
    await send(
      page,
      'Write headlines for the harbour story: The harbour authority closed the north pier on Monday after a storm damaged its supports, officials said.',
    );
    await replyDone(page);
    await expect.poll(() => page.getByTestId('conversation-title').innerText()).toMatch(/harbour/);

    const search = page.getByRole('searchbox', { name: 'Search conversations' });
    // A title.
    await search.fill('HARBOUR');
    await expect.poll(() => conversationButtons(page).count()).toBe(1);
    await shows(sidebar(page).getByText(/Write headlines for the harbour/));
    // The time label.
    await search.fill('just now');
    await expect.poll(() => conversationButtons(page).count()).toBe(2);
    // Nothing.
    await search.fill('quokkas');
    await shows(sidebar(page).getByText('No conversations found for "quokkas"'));

    // Message text only: "officials" is in the older conversation's messages, not in its title.
    await search.fill('unhappy');
    const hits = sidebar(page).getByRole('list', { name: /^Messages in / });
    await shows(hits.first());
    await hits.first().getByRole('button').first().click();
    await expect.poll(() => page.getByTestId('conversation-title').innerText()).toMatch(/zebra/);
    const highlighted = page.locator('article[data-highlighted="true"]');
    await shows(highlighted);
    expect(await highlighted.innerText()).toContain('unhappy');
    // The highlight goes away by itself.
    await hides(highlighted);

    await search.fill('');
    await expect.poll(() => conversationButtons(page).count()).toBe(2);
    await context.close();
  });

  it('deletes a conversation after confirming, with a toast', async () => {
    const { context, page } = await openChat(suite.server);
    await send(page, `Please review the bridge story: ${STORY}`);
    await replyDone(page);
    await page.getByRole('button', { name: 'New conversation', exact: true }).click();
    await expect.poll(() => conversationButtons(page).count()).toBe(2);

    await sidebar(page)
      .getByRole('button', { name: /^Delete conversation Please review the bridge/ })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await shows(toasts(page).getByText('Conversation deleted'));
    await shows(toasts(page).getByText('The conversation has been successfully deleted'));
    await expect.poll(() => conversationButtons(page).count()).toBe(1);
    expect((await serverConversations(context, suite.server)).map((c) => c.title)).toEqual(['New Conversation']);

    // Deleted meanwhile (another tab): the server's answer is shown.
    const [remaining] = await serverConversations(context, suite.server);
    const deleted = await context.request.delete(`${suite.server.url}/api/conversations/${remaining!.id}`, {
      headers: appOrigin(suite.server.url),
    });
    expect(deleted.status()).toBe(200);
    await sidebar(page).getByRole('button', { name: 'Delete conversation New Conversation' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await shows(toasts(page).getByText('Error', { exact: true }));
    await shows(toasts(page).getByText('Conversation not found'));
    await context.close();
  });

  it('loads older conversations as the list scrolls', async () => {
    const { context, page } = await openChat(suite.server);
    for (let i = 1; i <= 55; i++) {
      const res = await context.request.post(`${suite.server.url}/api/conversations`, {
        data: { title: `Archive story ${String(i).padStart(2, '0')}` },
        headers: appOrigin(suite.server.url),
      });
      expect(res.status()).toBe(201);
    }
    await page.reload();
    await shows(composer(page));
    // The first page is 50; the 56th (the first, auto-created one) comes with the next.
    await expect.poll(() => conversationButtons(page).count()).toBe(50);
    await page.getByRole('button', { name: 'Load more conversations' }).scrollIntoViewIfNeeded();
    await expect.poll(() => conversationButtons(page).count()).toBe(56);
    await shows(sidebar(page).getByText('New Conversation'));
    await hides(page.getByRole('button', { name: 'Load more conversations' }));
    await context.close();
  });
});

describe('chat: uploads', () => {
  it('uploads a text file with progress, a toast, a file notice and the editor’s review', async () => {
    const { context, page } = await openChat(suite.server);
    const file = path.join(shotsDir, 'council-story.txt');
    fs.writeFileSync(file, `${STORY}\n\nThe budget takes effect in July, the finance director said.\n`);

    await page.getByRole('button', { name: 'Upload Document' }).click();
    const popover = page.getByRole('dialog', { name: 'Upload Document' });
    await shows(popover);
    expect(await popover.locator('input[type="file"]').getAttribute('accept')).toBe('.pdf,.doc,.docx,.txt,.csv,.md');
    await popover.locator('input[type="file"]').setInputFiles(file);
    await shows(popover.getByText('council-story.txt'));

    // A chosen file can be cleared.
    await popover.getByRole('button', { name: 'Clear selected file' }).click();
    await hides(popover.getByText('council-story.txt'));
    await popover.locator('input[type="file"]').setInputFiles(file);

    await popover.getByRole('button', { name: 'Upload', exact: true }).click();
    await shows(toasts(page).getByText('File uploaded'));
    await shows(toasts(page).getByText(UPLOAD_MESSAGES.success));
    await hides(popover);

    const notice = replies(page).filter({ hasText: 'File uploaded' });
    await shows(notice);
    expect(await notice.innerText()).toContain('council-story.txt');
    // The review the server posted follows the notice.
    await expect.poll(() => replies(page).count()).toBe(2);
    expect(await replies(page).last().innerText()).toContain('council-story.txt');
    await context.close();
  });

  it('refuses a file type the editor cannot read, and shows the server’s reason for a bad file', async () => {
    const { context, page } = await openChat(suite.server);
    const exe = path.join(shotsDir, 'setup.exe');
    fs.writeFileSync(exe, Buffer.from([0x4d, 0x5a, 0x90, 0x00]));
    const binaryTxt = path.join(shotsDir, 'notes.txt');
    fs.writeFileSync(binaryTxt, Buffer.alloc(2048, 0));

    await page.getByRole('button', { name: 'Upload Document' }).click();
    const popover = page.getByRole('dialog', { name: 'Upload Document' });
    await popover.locator('input[type="file"]').setInputFiles(exe);
    await shows(toasts(page).getByText('Upload failed'));
    await shows(toasts(page).getByText(UPLOAD_MESSAGES.unsupported));
    expect(await popover.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);

    await popover.getByRole('button', { name: 'Clear selected file' }).click();
    await popover.locator('input[type="file"]').setInputFiles(binaryTxt);
    await popover.getByRole('button', { name: 'Upload', exact: true }).click();
    await shows(toasts(page).getByText(UPLOAD_MESSAGES.notUtf8));
    await shows(popover.getByText(UPLOAD_MESSAGES.notUtf8));
    expect(await replies(page).count()).toBe(0);
    await context.close();
  });
});

describe('chat: suspended team', () => {
  it('opens the Team Access Suspended dialog when the server answers 403 TEAM_SUSPENDED', async () => {
    const { context, page, account } = await openChat(suite.server);
    await putInSuspendedTeam(suite.server, account.email, 'Harbor Gazette');
    await composer(page).fill(STORY);
    await composer(page).press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Team Access Suspended' });
    await shows(dialog);
    await shows(dialog.getByText('Team "Harbor Gazette" subscription is currently suspended. Get in touch with your team owner.'));
    expect(await toasts(page).getByText('Failed to send message').count()).toBe(0);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await hides(dialog);
    expect(await userMessages(page).count()).toBe(0);
    await context.close();
  });
});

describe('chat: phone layout', () => {
  it('keeps the conversations in a drawer and the composer usable at 375x812', async () => {
    const { context, page } = await openChat(suite.server, { viewport: PHONE });
    expect(await sidebar(page).count()).toBe(0);
    await send(page, STORY);
    await replyDone(page);
    await page.screenshot({ path: path.join(shotsDir, 'chat-phone.png') });

    await page.getByRole('button', { name: 'Open conversations' }).click();
    const drawer = page.getByRole('dialog', { name: 'Conversations' });
    await shows(drawer);
    await page.screenshot({ path: path.join(shotsDir, 'chat-phone-drawer.png') });
    await drawer.getByRole('button', { name: 'New conversation', exact: true }).click();
    await hides(drawer);
    await shows(page.getByRole('heading', { name: /Welcome to your editing desk/ }));

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await context.close();
  });
});

afterAll(() => {
  if (process.env.KEEP_CHAT_SHOTS) console.log(`chat screenshots: ${shotsDir}`);
  else fs.rmSync(shotsDir, { recursive: true, force: true });
});
