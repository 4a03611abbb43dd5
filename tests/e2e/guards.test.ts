import { describe, expect, it } from 'vitest';
import { loginByApi, newAccount, newPage, registerByApi, shows, toasts } from './support/browser';
import { serverAndBrowser } from './support/suite';

const ADMIN = { email: 'chief@example.com', password: 'Masthead#2026' };

const suite = serverAndBrowser({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });

const pathOf = (url: string) => new URL(url).pathname;

describe('route guards', () => {
  it('sends a visitor from logged-in pages to /auth', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    for (const path of ['/settings', '/chat', '/subscribe', '/team', '/admin', '/success']) {
      await page.goto(path);
      await page.waitForURL('**/auth');
      await shows(page.getByRole('tab', { name: 'Login' }));
    }
    await context.close();
  });

  it('sends a user without a subscription from /chat to /subscribe', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount();
    await registerByApi(suite.server.url, account);
    await loginByApi(context, suite.server.url, account);

    await page.goto('/chat');
    await page.waitForURL('**/subscribe');
    await shows(page.getByRole('heading', { name: 'Professional Editor' }));
    await context.close();
  });

  it('lets a subscriber into /chat and sends them there from /auth', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount();
    await registerByApi(suite.server.url, account);
    await suite.server.setSubscription(account.email, { subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
    await loginByApi(context, suite.server.url, account);

    await page.goto('/chat');
    await shows(page.getByRole('heading', { name: 'Chat' }));
    expect(pathOf(page.url())).toBe('/chat');

    await page.goto('/auth');
    await page.waitForURL('**/chat');
    await context.close();
  });

  it('sends a signed-in user without a subscription from /auth to /subscribe', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount();
    await registerByApi(suite.server.url, account);
    await loginByApi(context, suite.server.url, account);

    await page.goto('/auth');
    await page.waitForURL('**/subscribe');
    await context.close();
  });

  it('sends an admin to the console after login and from /auth', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/admin');
    await shows(page.getByRole('heading', { name: 'Admin Console' }));
    await shows(page.getByText('Manage users and teams across the platform'));

    await page.goto('/auth');
    await page.waitForURL('**/admin');
    await context.close();
  });

  it('shows a non-admin that the console is not allowed', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount();
    await registerByApi(suite.server.url, account);
    await loginByApi(context, suite.server.url, account);

    await page.goto('/admin');
    await shows(page.getByRole('heading', { name: 'Not allowed' }));
    expect(await page.getByRole('heading', { name: 'Admin Console' }).count()).toBe(0);
    await context.close();
  });
});

describe('pages outside the router', () => {
  it('shows the 404 page for an unknown path', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto('/no/such/page');
    await shows(page.getByRole('heading', { name: '404 Page Not Found' }));
    await shows(page.getByText('Did you forget to add the page to the router?'));
    await context.close();
  });

  it('sends a reset link without a token to /auth with a toast', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto('/reset-password');
    await page.waitForURL('**/auth');
    await shows(toasts(page).getByText('Invalid Link'));
    await shows(toasts(page).getByText('Invalid reset token'));
    await context.close();
  });
});
