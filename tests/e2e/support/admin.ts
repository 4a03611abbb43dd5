import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { hides, loginByApi, newPage, shows } from './browser';
import type { E2EServer } from './server';

/** The admin the server creates at start from ADMIN_EMAIL and ADMIN_PASSWORD; the username comes from the e-mail. */
export const ADMIN = { username: 'desk.chief', email: 'desk.chief@example.com', password: 'Masthead#2026' };
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

/** The admin, signed in through the API, on /admin with the console's lists loaded. */
export async function adminConsole(browser: Browser, baseURL: string) {
  const { context, page } = await newPage(browser, baseURL);
  await loginByApi(context, baseURL, ADMIN);
  await page.goto('/admin');
  await shows(usersList(page));
  return { context, page };
}

export const usersList = (page: Page) => page.getByRole('list', { name: 'Users', exact: true });
export const teamsList = (page: Page) => page.getByRole('list', { name: 'Teams', exact: true });
export const auditList = (page: Page) => page.getByRole('list', { name: 'Audit log entries' });

/** The row of a list that mentions `text` (a username, an e-mail, a team name). */
export const rowWith = (list: Locator, text: string) => list.getByRole('listitem').filter({ hasText: text });

export const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
export const confirmNamed = (page: Page, name: string) => page.getByRole('alertdialog', { name, exact: true });

/**
 * Waits for the toast titled `title`, checks it says exactly the title and `description`
 * (nothing more when there is none), then dismisses it so the next check cannot see it.
 * Found by its markup, not its role: an open dialog hides the rest of the page, toasts
 * included, from the accessibility tree.
 */
export async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.locator('[role="region"][aria-label^="Notifications"] li').filter({ has: page.getByText(title, { exact: true }) });
  await shows(toast);
  const lines = (await toast.innerText())
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  expect(lines).toEqual(description === undefined ? [title] : [title, description]);
  await toast.locator('button[aria-label="Dismiss notification"]').click();
  await hides(toast);
}

/** Accounts written straight into the database (they never sign in), numbered oldest first. */
export async function seedUsers(server: E2EServer, prefix: string, count: number) {
  const { db } = server.running;
  const createdAt = new Date();
  await db.insert(db.tables.users).values(
    Array.from({ length: count }, (_, i) => ({
      username: `${prefix}${i}`,
      email: `${prefix}.${i}@example.com`,
      passwordHash: '!',
      createdAt,
    })),
  );
}

/** An account's stored row, to check what the console changed. */
export async function storedUser(server: E2EServer, email: string) {
  const { db } = server.running;
  const { users } = db.tables;
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  if (!row) throw new Error(`no user ${email}`);
  return row;
}
