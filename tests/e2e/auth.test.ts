import { describe, expect, it } from 'vitest';
import { hides, loginByApi, newAccount, newPage, registerByApi, shows, toasts } from './support/browser';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

describe('registration, logout and login', () => {
  it('registers, logs out and logs back in with the spec toasts and redirects', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount();

    await page.goto('/');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await shows(toasts(page).getByText('Registration successful'));
    await shows(toasts(page).getByText(`Welcome to Copydesk, ${account.username}!`));
    // A new account has no subscription, so it lands on the upgrade page.
    await page.waitForURL('**/subscribe');
    await shows(page.getByRole('button', { name: 'Help' }));

    // The e-mail was lowercased before it was sent.
    await page.getByRole('link', { name: 'Settings' }).click();
    await shows(page.getByRole('heading', { name: 'Account Information' }));
    await shows(page.getByText(account.email, { exact: true }));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log out' }).click();
    await shows(toasts(page).getByText('Logged out successfully'));
    await page.waitForURL((url) => url.pathname === '/');
    await shows(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }));
    await hides(page.getByRole('button', { name: 'Help' }));

    // The session really ended: a guarded page sends the visitor to /auth.
    await page.goto('/settings');
    await page.waitForURL('**/auth');

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Log in' }).click();
    await shows(toasts(page).getByText('Login successful'));
    await shows(toasts(page).getByText(`Welcome back, ${account.username}!`));
    await page.waitForURL('**/subscribe');

    // Remember me asks for a cookie that outlives the browser session.
    const session = (await context.cookies()).find((c) => c.name === 'copydesk_session');
    expect(session?.expires).toBeGreaterThan(Date.now() / 1000);
    await context.close();
  });

  it('shows the server message when login fails', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount();
    await registerByApi(suite.server.url, account);

    await page.goto('/auth');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await shows(toasts(page).getByText('Login failed'));
    await shows(toasts(page).getByText('Invalid email or password'));
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('shows the server message when registration fails', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const taken = newAccount();
    await registerByApi(suite.server.url, taken);

    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(`${taken.username}x`);
    await page.getByLabel('Email').fill(taken.email);
    await page.getByLabel('Password', { exact: true }).fill(taken.password);
    await page.getByLabel('Confirm Password').fill(taken.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await shows(toasts(page).getByText('Registration failed'));
    await shows(toasts(page).getByText('An account with this email already exists.'));
    await context.close();
  });
});

describe('form validation', () => {
  it('shows the login rules', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Log in' }).click();
    await shows(page.getByText('Please enter a valid email'));
    await shows(page.getByText('Password must be at least 6 characters'));
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Email').fill('reporter@example.com');
    await hides(page.getByText('Please enter a valid email'));
    await context.close();
  });

  it('shows the registration rules in order', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const submit = page.getByRole('button', { name: 'Create account' });
    const password = page.getByLabel('Password', { exact: true });

    await submit.click();
    await shows(page.getByText('Username must be at least 3 characters'));
    await shows(page.getByText('Please enter a valid email'));
    await shows(page.getByText('Password must be at least 8 characters'));

    await password.fill('abcdefgh');
    await shows(page.getByText('Password must contain at least one number'));
    await password.fill('abcdefg1');
    await shows(page.getByText('Password must contain at least one symbol'));
    await password.fill('abcdefg1!');
    await page.getByLabel('Confirm Password').fill('abcdefg1?');
    await submit.click();
    await shows(page.getByText('Passwords do not match'));
    expect(await page.getByLabel('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });

  it('a refused form puts the caret on its first field once, and leaves it there while the writer types', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await context.clock.install();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const username = page.getByLabel('Username');
    await shows(username);

    // A busy page runs its timers late: hold them until the writer has fixed the first field.
    await context.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole('button', { name: 'Create account' }).click();
    await shows(page.getByText('Username must be at least 3 characters'));
    expect(await username.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('reporter');
    await hides(page.getByText('Username must be at least 3 characters'));
    await context.clock.runFor(1_000);

    expect(await username.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await username.inputValue()).toBe('reporter');
    expect(await page.getByLabel('Email').inputValue()).toBe('');
    await context.close();
  });

  it('shows the contact rules, then simulates sending', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto('/contact');
    await shows(page.getByText('within 24 hours').first());
    await page.getByRole('button', { name: 'Send Message' }).click();
    await shows(page.getByText('Name must be at least 2 characters'));
    await shows(page.getByText('Please enter a valid email address'));
    await shows(page.getByText('Subject must be at least 5 characters'));
    await shows(page.getByText('Message must be at least 10 characters'));

    await page.getByLabel('Name').fill('Ada Reporter');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Subject').fill('Team seats');
    await page.getByLabel('Message').fill('How many seats does a team start with?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await shows(toasts(page).getByText("Message sent successfully! We'll get back to you as soon as possible."));
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    await context.close();
  });

  it('shows the contact header for a signed-in user', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount();
    await registerByApi(suite.server.url, account);
    await loginByApi(context, suite.server.url, account);
    await page.goto('/contact');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await shows(nav.getByRole('link', { name: 'Go to Chat' }));
    await shows(nav.getByRole('button', { name: 'Log out' }));
    await hides(nav.getByRole('link', { name: 'Settings' }));
    await context.close();
  });
});

describe('redirect after login', () => {
  // Returning to a saved invitation after sign-in or registration is tested with a real invitation in teams.test.ts.

  it('shows Invalid Invitation without a token', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto('/accept-invitation');
    await shows(page.getByRole('heading', { name: 'Invalid Invitation' }));
    await context.close();
  });
});
