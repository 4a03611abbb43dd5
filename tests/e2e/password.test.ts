import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LINKS, extractLink } from '../support/smtp-sink';
import { appOrigin, hides, loginByApi, newAccount, newPage, registerByApi, shows, toasts, type Account } from './support/browser';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('forgot and reset password', () => {
  it('e-mails a reset link that sets a new password, once', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount();
    await registerByApi(suite.server.url, account);
    const since = suite.server.smtp.received.length;

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await shows(page.getByText('Please enter a valid email'));
    await page.getByLabel('Email').fill(account.email.toUpperCase());
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await shows(page.getByRole('heading', { name: 'Check Your Email' }));

    // The address was lowercased, so the mail reached the account.
    const mail = await suite.server.smtp.waitFor(account.email, since, LINKS.reset);
    const link = extractLink(mail.raw, '/reset-password?token=');
    expect(link.startsWith(`${suite.server.url}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    const newPassword = page.getByLabel('New Password');
    const confirm = page.getByLabel('Confirm Password');
    await newPassword.fill('short');
    await confirm.fill('different');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await shows(page.getByText('Password must be at least 6 characters'));
    await shows(page.getByText("Passwords don't match"));

    await newPassword.fill('Fresh#Start9');
    await confirm.fill('Fresh#Start9');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await shows(page.getByRole('heading', { name: 'Password Updated' }));
    await page.getByRole('link', { name: 'Continue to Login' }).click();
    await page.waitForURL('**/auth');

    await logInThroughForm(page, account.email, account.password);
    await shows(toasts(page).getByText('Invalid email or password'));

    await logInThroughForm(page, account.email, 'Fresh#Start9');
    await shows(toasts(page).getByText('Login successful'));
    await page.waitForURL('**/subscribe');

    // The link is used up.
    await page.goto(link);
    await page.getByLabel('New Password').fill('Another#Pass1');
    await page.getByLabel('Confirm Password').fill('Another#Pass1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await shows(toasts(page).getByText('Reset Failed'));
    await shows(toasts(page).getByText(/link may have expired/));
    await context.close();
  });

  it('shows the limit message when too many links were asked for', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount();
    await registerByApi(suite.server.url, account);
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${suite.server.url}/api/forgot-password`, {
        method: 'POST',
        headers: { ...appOrigin(suite.server.url), 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: account.email }),
      });
      expect(res.status).toBe(200);
    }

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await shows(page.getByRole('alert').getByText('Too many password reset requests. Please try again later.'));
    expect(await page.getByRole('heading', { name: 'Check Your Email' }).count()).toBe(0);
    await context.close();
  });
});

describe('settings', () => {
  async function openSettings(account: Account) {
    await registerByApi(suite.server.url, account);
    const opened = await newPage(suite.browser, suite.server.url);
    await loginByApi(opened.context, suite.server.url, account);
    await opened.page.goto('/settings');
    await shows(opened.page.getByRole('heading', { name: 'Change Password' }));
    return opened;
  }

  it('shows the account and an inactive subscription', async () => {
    const account = newAccount();
    const { context, page } = await openSettings(account);
    const info = page.getByRole('region', { name: 'Account Information' });
    await shows(info.getByText(account.username, { exact: true }));
    await shows(info.getByText(account.email, { exact: true }));
    await shows(info.getByText('inactive', { exact: true }));
    await shows(page.getByRole('region', { name: 'Subscription' }).getByText('inactive', { exact: true }));
    await context.close();
  });

  it('changes the password with the spec validation and toasts', async () => {
    const account = newAccount();
    const { context, page } = await openSettings(account);
    const submit = page.getByRole('button', { name: 'Change Password' });
    const current = page.getByLabel('Current Password');
    const next = page.getByLabel('New Password', { exact: true });
    const confirm = page.getByLabel('Confirm New Password');

    await submit.click();
    await shows(page.getByText('Current password is required'));
    await shows(page.getByText('Password must be at least 6 characters'));
    await shows(page.getByText('Please confirm your password'));

    await current.fill('not-my-password');
    await next.fill('Second#Draft7');
    await confirm.fill('Second#Draft8');
    await submit.click();
    await shows(page.getByText("Passwords don't match"));

    await confirm.fill('Second#Draft7');
    await submit.click();
    await shows(toasts(page).getByText('Password Change Failed'));
    await shows(toasts(page).getByText('Current password is incorrect'));

    await current.fill(account.password);
    await submit.click();
    await shows(toasts(page).getByText('Password Changed'));
    expect(await current.inputValue()).toBe('');

    // Sign out asks first; cancelling keeps the session.
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out?' });
    await shows(dialog);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await hides(dialog);
    expect(new URL(page.url()).pathname).toBe('/settings');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await shows(toasts(page).getByText('Logged out successfully'));
    await page.waitForURL((url) => url.pathname === '/');

    await logInThroughForm(page, account.email, 'Second#Draft7');
    await shows(toasts(page).getByText('Login successful'));
    await context.close();
  });

  it('sends another device back to /auth once its session was ended by the change', async () => {
    const account = newAccount();
    const first = await openSettings(account);
    const second = await newPage(suite.browser, suite.server.url);
    await loginByApi(second.context, suite.server.url, account);
    await second.page.goto('/settings');
    await shows(second.page.getByRole('heading', { name: 'Change Password' }));

    await first.page.getByLabel('Current Password').fill(account.password);
    await first.page.getByLabel('New Password', { exact: true }).fill('Third#Draft5');
    await first.page.getByLabel('Confirm New Password').fill('Third#Draft5');
    await first.page.getByRole('button', { name: 'Change Password' }).click();
    await shows(toasts(first.page).getByText('Password Changed'));

    await second.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
    await second.page.waitForURL('**/auth');
    await shows(second.page.getByRole('tab', { name: 'Login' }));

    // The device that made the change keeps its session.
    await first.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click();
    await first.page.waitForURL('**/team');
    await first.page.reload();
    await shows(first.page.getByRole('heading', { name: 'Team', exact: true }));
    await first.context.close();
    await second.context.close();
  });
});
