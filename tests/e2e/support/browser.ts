import { launchChromium } from '../../../scripts/chromium.mjs';
import { type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { PublicUser } from '../../../src/shared/types';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

export async function newPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** The toast viewport: toasts are read here, not from the screen-reader announcement copy Radix adds. */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /^Notifications/ });
}

export interface Account {
  username: string;
  email: string;
  password: string;
}

let counter = 0;

/** A fresh account that satisfies the registration rules. */
export function newAccount(prefix = 'reporter'): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { username: `${prefix}${id}`, email: `${prefix}.${id}@example.com`, password: 'Deadline#2026' };
}

/**
 * The Origin header the app's own page sends with a state-changing request. Node's fetch and
 * Playwright's request API send none, and the server refuses such a request without one.
 */
export const appOrigin = (baseURL: string) => ({ Origin: new URL(baseURL).origin });

/** Registers through the REST API, as a script would. */
export async function registerByApi(baseURL: string, account: Account): Promise<void> {
  const res = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { ...appOrigin(baseURL), 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
}

/** Fills and sends the Register tab of /auth (the page must be on it), as a writer does. */
export async function registerByForm(page: Page, account: Account): Promise<void> {
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs the browser context in through the API; its cookie jar keeps the session. */
export async function loginByApi(context: BrowserContext, baseURL: string, account: Account): Promise<void> {
  const data = { email: account.email, password: account.password };
  const res = await context.request.post(`${baseURL}/api/login`, { data, headers: appOrigin(baseURL) });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}

/** A new account, registered and signed in through the API, on a page of its own. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  o: { prefix?: string; viewport?: typeof DESKTOP } = {},
): Promise<{ account: Account; context: BrowserContext; page: Page }> {
  const account = newAccount(o.prefix);
  await registerByApi(baseURL, account);
  const { context, page } = await newPage(browser, baseURL, o.viewport);
  await loginByApi(context, baseURL, account);
  return { account, context, page };
}

/** The user of the context's session, as GET /api/user answers it. */
export async function currentUserOf(context: BrowserContext, baseURL: string): Promise<PublicUser> {
  const res = await context.request.get(`${baseURL}/api/user`);
  if (res.status() !== 200) throw new Error(`GET /api/user: ${res.status()} ${await res.text()}`);
  return (await res.json()) as PublicUser;
}

/** Waits until the one element the locator names is visible (fails on none or several). */
export function shows(locator: Locator): Promise<void> {
  return locator.waitFor({ state: 'visible' });
}

/** Waits until nothing the locator names is visible. */
export function hides(locator: Locator): Promise<void> {
  return locator.first().waitFor({ state: 'hidden' });
}
