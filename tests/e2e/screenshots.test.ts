import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LINKS } from '../support/smtp-sink';
import type { PublicUser } from '../../src/shared/types';
import { ADMIN, ADMIN_ENV, auditList, teamsList, usersList } from './support/admin';
import { appOrigin, hides, loginByApi, newPage, registerByApi, shows, type Account } from './support/browser';
import { verifyByMail } from './support/server';
import { serverAndBrowser } from './support/suite';
import { acceptByApi, createTeamByApi, invitationLinkIn, inviteByApi } from './support/team-api';
import { composer } from './support/chat';

// `npm run screenshots` (SCREENSHOTS=1) refreshes the README's pictures in docs/screenshots; a plain
// test run takes the same pictures into a temporary folder, so it checks them without touching the tree.
const KEEP = Boolean(process.env.SCREENSHOTS);
const outDir = KEEP ? path.resolve('docs/screenshots') : fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-screenshots-'));
afterAll(() => {
  if (!KEEP) fs.rmSync(outDir, { recursive: true, force: true });
});

const VIEWPORT = { width: 1366, height: 900 };
const PASSWORD = 'Deadline#2026';

// Two slips the embedded editor fixes, each with its reason: a wordy phrase and a misspelling.
const STORY =
  'The Riverton City Council voted 7-2 Tuesday night to approve a new library wing, days prior to a state funding deadline. Construction will begin in March and take about 18 months. Library director Ana Pereira said the building has recieved twice as many visitors as it was designed for.';

const person = (username: string, email: string): Account => ({ username, email, password: PASSWORD });
const WRITER = person('Maya Okafor', 'maya.okafor@riverton-ledger.example');
const OWNER = person('Daniel Brooks', 'daniel.brooks@riverton-ledger.example');
const MEMBERS = [
  person('Priya Raman', 'priya.raman@riverton-ledger.example'),
  person('Luis Ortega', 'luis.ortega@riverton-ledger.example'),
];
const INVITEE = 'hannah.kim@riverton-ledger.example';
const TEAM_NAME = 'Riverton Ledger Newsroom';
const FREELANCER = person('Grace Liu', 'grace.liu@harborweekly.example');
const ADMIN_TEAM = 'Harbor Weekly';

const suite = serverAndBrowser({ env: ADMIN_ENV });

// The first review should include spelling, so wait for the grammar checker the server warms at start.
beforeAll(async () => {
  await vi.waitFor(() => expect(suite.server.logs).toContain('editor: grammar checker ready'), { timeout: 90_000, interval: 200 });
}, 120_000);

/** A light-theme page at the README's size, signed in as `account` when given. */
async function screenPage(account?: Account) {
  const { context, page } = await newPage(suite.browser, suite.server.url, VIEWPORT);
  await page.emulateMedia({ colorScheme: 'light' });
  if (account) await loginByApi(context, suite.server.url, account);
  return { context, page };
}

/** Saves the window (or the whole page) once nothing is loading and no toast is up. */
async function capture(page: Page, name: string, o: { fullPage?: boolean } = {}) {
  await page.waitForLoadState('networkidle');
  await hides(page.locator('[role="region"][aria-label^="Notifications"] li'));
  await hides(page.locator('[aria-busy="true"]'));
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe('light');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: o.fullPage, animations: 'disabled', caret: 'hide' });
  // A blank or unstyled page compresses to a few kilobytes.
  expect(fs.statSync(file).size).toBeGreaterThan(40_000);
}

async function postJson<T>(context: BrowserContext, url: string, data?: unknown): Promise<T> {
  const res = await context.request.post(`${suite.server.url}${url}`, { data, headers: appOrigin(suite.server.url) });
  if (!res.ok()) throw new Error(`POST ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

describe('README screenshots', () => {
  it('landing page', async () => {
    const { context, page } = await screenPage();
    await page.goto('/');
    await shows(page.getByRole('heading', { level: 1, name: 'Sharper copy, on deadline.' }));
    await shows(page.getByRole('link', { name: 'Start Editing' }));
    await capture(page, 'landing');
    await context.close();
  });

  it('chat: the review of a pasted story with its edits, and the side-by-side comparison', async () => {
    await registerByApi(suite.server.url, WRITER);
    await verifyByMail(suite.server, WRITER.email);
    await suite.server.setSubscription(WRITER.email, { subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
    const { context, page } = await screenPage(WRITER);
    await page.goto('/chat');
    await shows(composer(page));
    await composer(page).fill(STORY);
    await composer(page).press('Enter');
    const reply = page.locator('article[data-role="assistant"][data-message-id]').last();
    await reply.waitFor();
    await page.locator('article[aria-busy="true"]').waitFor({ state: 'detached' });
    await shows(reply.getByRole('heading', { name: 'What to fix' }));

    const edits = reply.getByRole('region', { name: 'Edits (2)' });
    await shows(edits);
    const edit = (before: string) => edits.getByRole('listitem').filter({ hasText: before });
    for (const before of ['prior to', 'recieved']) await shows(edit(before));

    await reply.getByRole('button', { name: 'Compare drafts side by side' }).click();
    const dialog = page.getByRole('dialog', { name: 'Side-by-side comparison' });
    await shows(dialog);
    expect(await dialog.getByRole('region', { name: 'Original' }).locator('del').allInnerTexts()).toContain('recieved');
    expect(await dialog.getByRole('region', { name: 'Revised' }).locator('ins').allInnerTexts()).toContain('received');
    // The word diff shows at once; the engine's, with each change's reason, replaces it.
    const changes = dialog.getByRole('region', { name: 'What changed' }).getByRole('listitem');
    await expect
      .poll(async () => (await changes.allInnerTexts()).map((c) => c.split('\n')[0]))
      .toEqual(['prior to → before', 'recieved → received']);
    await shows(changes.getByText(/^Every word should earn its place/));
    await capture(page, 'compare');
    await page.keyboard.press('Escape');
    await hides(dialog);

    // The writer keeps 'prior to': one edit rejected shows both states in the list.
    await edit('prior to').getByRole('button', { name: 'Reject' }).click();
    await shows(edits.getByText(/^1 of 2 accepted/));
    await page.getByRole('button', { name: 'Hide quick actions' }).click();
    // Away from the buttons, so none is drawn hovered.
    await page.mouse.move(0, VIEWPORT.height - 1);
    // The window cannot hold the whole reply: it starts at the fixes, so no line is cut at the top,
    // unless a longer reply no longer fits, when it shows the end (the edit list) as a writer would.
    const fixes = reply.getByRole('heading', { name: 'What to fix' });
    const messages = await fixes.evaluate((el) => {
      let box = el.parentElement;
      while (box && getComputedStyle(box).overflowY !== 'auto') box = box.parentElement;
      if (!box) throw new Error('no scrolling message list');
      box.scrollTop += el.getBoundingClientRect().top - box.getBoundingClientRect().top - 12;
      const { top, bottom } = box.getBoundingClientRect();
      return { top, bottom };
    });
    const actions = reply.getByRole('button', { name: 'Compare drafts side by side' });
    const bottomOf = async () => {
      const box = (await actions.boundingBox())!;
      return box.y + box.height;
    };
    if ((await bottomOf()) > messages.bottom) await actions.scrollIntoViewIfNeeded();
    expect(await bottomOf()).toBeLessThanOrEqual(messages.bottom);
    await shows(edits.getByRole('button', { name: 'Reject all' }));
    await shows(reply.getByRole('heading', { name: 'Revised text' }));
    await capture(page, 'chat-review');
    await context.close();
  });

  it('team page of an owner with members and a pending invitation', async () => {
    await registerByApi(suite.server.url, OWNER);
    await verifyByMail(suite.server, OWNER.email);
    const owner = await screenPage(OWNER);
    await createTeamByApi(owner.context, suite.server.url, TEAM_NAME);
    const { page } = owner;
    await page.goto('/team');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await shows(page.getByRole('button', { name: 'Manage Subscription' }));

    for (const member of MEMBERS) {
      await registerByApi(suite.server.url, member);
      const since = suite.server.smtp.received.length;
      await inviteByApi(owner.context, suite.server.url, member.email);
      const { token } = invitationLinkIn(await suite.server.smtp.waitFor(member.email, since, LINKS.invitation));
      const joiner = await screenPage(member);
      await acceptByApi(joiner.context, suite.server.url, token);
      await joiner.context.close();
    }
    await inviteByApi(owner.context, suite.server.url, INVITEE);

    await page.reload();
    await shows(page.getByRole('heading', { name: TEAM_NAME }));
    const members = page.getByRole('list', { name: 'Team members' });
    for (const name of [OWNER, ...MEMBERS].map((a) => a.username)) await shows(members.getByText(name, { exact: true }));
    await shows(page.getByRole('list', { name: 'Pending invitations' }).getByText(INVITEE));
    await shows(page.getByText('3 / 5'));
    await capture(page, 'team', { fullPage: true });
    await owner.context.close();
  });

  it('admin console', async () => {
    const { context, page } = await screenPage(ADMIN);
    // A little of an admin's day, for the lists and the audit log: a freelancer's account, a gift, her team.
    const grace = await postJson<PublicUser>(context, '/api/admin/users', FREELANCER);
    await postJson(context, `/api/admin/users/${grace.id}/gift-subscription`);
    await postJson(context, '/api/admin/teams', { name: ADMIN_TEAM, ownerId: grace.id, maxSeats: 3 });

    await page.goto('/admin');
    await shows(page.getByRole('heading', { name: 'Admin Console' }));
    for (const name of [FREELANCER.username, ...MEMBERS.map((a) => a.username)]) {
      await shows(usersList(page).getByText(name, { exact: true }));
    }
    for (const name of [TEAM_NAME, ADMIN_TEAM]) await shows(teamsList(page).getByText(name, { exact: true }));
    await shows(auditList(page).getByRole('listitem').filter({ hasText: 'Subscription gifted' }));
    await capture(page, 'admin', { fullPage: true });
    await context.close();
  });
});
