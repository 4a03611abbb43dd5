import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAI_TEST_KEY, startFakeOpenAi, type FakeOpenAiServer } from '../support/openai-server';
import { launchBrowser, loginByApi, newAccount, newPage, registerByApi, type Account } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';

/**
 * Titles, focus, announcements and keyboard-only use. The editor is an OpenAI-compatible model (the local
 * Chat Completions double), so a reply streams as slowly as a test needs to watch it.
 */

let model: FakeOpenAiServer;
let server: E2EServer;
let browser: Browser;

beforeAll(async () => {
  model = await startFakeOpenAi();
  server = await startE2EServer({ env: { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: OPENAI_TEST_KEY, OPENAI_MODEL: 'fake-editor' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await model?.close();
});

const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/** A registered account, signed in on a page of its own; `plan` puts it on a running trial. */
async function signedIn(o: { plan?: boolean } = {}): Promise<{ account: Account; context: BrowserContext; page: Page }> {
  const account = newAccount('access');
  await registerByApi(server.url, account);
  if (o.plan) server.setSubscription(account.email, { subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
  const { context, page } = await newPage(browser, server.url);
  await loginByApi(context, server.url, account);
  return { account, context, page };
}

describe('page titles', () => {
  it('names each page in the tab, also after moving between pages in the app', async () => {
    const visitor = await newPage(browser, server.url);
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
      await poll(() => visitor.page.title()).toBe(title);
    }
    await visitor.page.goto('/');
    await visitor.page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).click();
    await visitor.page.waitForURL('**/auth');
    await poll(() => visitor.page.title()).toBe('Sign in · Copydesk');
    await visitor.context.close();

    const { context, page } = await signedIn();
    await page.goto('/subscribe');
    await poll(() => page.title()).toBe('Subscribe · Copydesk');
    for (const [path, title] of [
      ['/settings', 'Settings · Copydesk'],
      ['/team', 'Team · Copydesk'],
      ['/admin', 'Admin Console · Copydesk'],
    ] as const) {
      await page.goto(path);
      await poll(() => page.title()).toBe(title);
    }
    await page.goto('/success?session_id=cs_test');
    await poll(() => page.title()).toBe('Subscription · Copydesk');
    await context.close();

    const subscriber = await signedIn({ plan: true });
    await subscriber.page.goto('/chat');
    await poll(() => subscriber.page.title()).toBe('Chat · Copydesk');
    await subscriber.page.getByRole('link', { name: 'Settings', exact: true }).click();
    await poll(() => subscriber.page.title()).toBe('Settings · Copydesk');
    await subscriber.context.close();
  });
});
