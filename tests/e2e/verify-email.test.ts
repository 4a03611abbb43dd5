import { describe, expect, it } from 'vitest';
import { VERIFICATION_MESSAGES } from '../../src/shared/verification';
import { LINKS, extractLink } from '../support/smtp-sink';
import { currentUserOf, hides, newAccount, newPage, registerByForm, shows, toasts } from './support/browser';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

describe('verifying an address', () => {
  it('registers, shows the banner, verifies from the e-mailed link and drops the banner', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const account = newAccount('verifier');
    const since = suite.server.smtp.received.length;

    await page.goto('/auth');
    await registerByForm(page, account);
    await page.waitForURL('**/subscribe');

    const banner = page.getByRole('region', { name: 'Address verification' });
    await shows(banner.getByText(VERIFICATION_MESSAGES.banner));
    await banner.getByRole('button', { name: 'Get a new link' }).click();
    await shows(toasts(page).getByText('Verification email sent', { exact: true }));

    // The first link still works beside the re-sent one.
    const mail = await suite.server.smtp.waitFor(account.email, since, LINKS.verification);
    const link = extractLink(mail.raw, LINKS.verification);
    expect(link.startsWith(`${suite.server.url}/verify-email?token=`)).toBe(true);
    await page.goto(link);
    await shows(page.getByRole('heading', { name: 'Email Verified' }));
    expect((await currentUserOf(context, suite.server.url)).emailVerified).toBe(true);

    await page.goto('/subscribe');
    await shows(page.getByRole('heading', { name: 'Upgrade to Professional' }));
    await hides(page.getByRole('region', { name: 'Address verification' }));
    await context.close();
  });

  it('says a spent or unknown link is invalid, and offers a visitor the way to log in', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto('/verify-email?token=not-a-real-token');
    await shows(page.getByRole('heading', { name: 'Invalid Link' }));
    await shows(page.getByRole('alert').getByText(VERIFICATION_MESSAGES.invalidToken));
    await shows(page.getByRole('link', { name: 'Log in to send a new link' }));
    await context.close();
  });
});
