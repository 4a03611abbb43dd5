import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast } from './support/admin';
import { expectAccessible } from './support/axe';
import { appOrigin, currentUserOf, hides, shows, signedInPage } from './support/browser';
import { serverAndBrowser } from './support/suite';
import { createTeamByApi, setTeam, teamByApi } from './support/team-api';

const SEATS_FULL = 'All seats are occupied. Upgrade your subscription to add more members.';

/** Local billing: no Stripe key, so the team's trial starts at once and seats change directly. */
const suite = serverAndBrowser();

const signedIn = (prefix: string) => signedInPage(suite.browser, suite.server.url, { prefix });

/** axe in the light theme, then the dark one, on the page as it stands. */
async function accessibleInBothThemes(page: Page, label: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(colorScheme);
    await expectAccessible(page, `${label} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Moves the focus with Tab until `name` has it, then presses Enter: the dialog is used from the keyboard alone. */
async function pressByKeyboard(page: Page, name: string) {
  for (let i = 0; i < 10; i++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) return page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
  }
  throw new Error(`no focusable "${name}" within ten Tabs`);
}

describe('one coverage and seats that grow, as a newsroom meets them', () => {
  it('an owner on a personal trial subscribes the team, is told the trial ended, and is shown "Covered by" the team', async () => {
    const { context, page, account } = await signedIn('covowner');
    const trial = await context.request.post(`${suite.server.url}/api/create-subscription`, {
      data: {},
      headers: appOrigin(suite.server.url),
    });
    expect(trial.ok()).toBe(true);
    const teamName = `${account.username} Desk`;
    await createTeamByApi(context, suite.server.url, teamName);

    await page.goto('/team');
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Subscribe the team?' });
    await shows(confirm);
    await expect.poll(() => confirm.innerText()).toContain('Your personal trial ends as soon as the team’s subscription starts');
    await accessibleInBothThemes(page, 'subscribe-the-team confirmation');
    await pressByKeyboard(page, 'Subscribe the Team');
    await expectToast(
      page,
      'Subscription active',
      // The owner's one trial was their own, so the team's plan starts paid.
      `Subscription activated. Your personal trial has ended and you will not be charged for it. ${teamName} covers you now.`,
    );
    expect(await currentUserOf(context, suite.server.url)).toMatchObject({ subscriptionStatus: 'inactive', subscriptionPlan: null });

    await page.goto('/settings');
    const subscription = page.getByRole('region', { name: 'Subscription' });
    await shows(subscription.getByText(`Covered by ${teamName}`));
    await shows(subscription.getByText('Professional Editor'));
    await expect.poll(() => subscription.getByRole('link', { name: 'Upgrade' }).count()).toBe(0);
    await accessibleInBothThemes(page, 'settings, covered by a team');

    await page.goto('/subscribe');
    await shows(page.getByRole('heading', { name: `Covered by ${teamName}` }));
    await expect.poll(() => page.getByRole('button', { name: 'Start 7-Day Free Trial' }).count()).toBe(0);

    await page.goto('/chat');
    await shows(page.getByText(`Covered by ${teamName}`));
    await context.close();
  });

  it('an owner whose seats are full adds seats from the seats-full message, from the keyboard', async () => {
    const { context, page, account } = await signedIn('seatowner');
    const team = await createTeamByApi(context, suite.server.url, `${account.username} Desk`);
    await setTeam(suite.server, team.id, { subscriptionStatus: 'active', subscriptionPlan: 'professional', maxSeats: 1 });

    await page.goto('/team');
    await shows(page.getByText(SEATS_FULL));
    await expect.poll(() => page.getByLabel('Email').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Add seats' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change seats' });
    await shows(dialog);
    await accessibleInBothThemes(page, 'change-seats dialog');

    const seats = dialog.getByLabel('Seats');
    await expect.poll(() => seats.evaluate((el) => el === document.activeElement)).toBe(true);
    await seats.fill('0');
    await page.keyboard.press('Enter');
    await shows(dialog.getByText('Must have at least 1 seat'));
    await seats.fill('3');
    await page.keyboard.press('Enter');
    await shows(dialog.getByRole('heading', { name: 'From 1 to 3 seats' }));
    await shows(dialog.getByText('Billing is handled outside Copydesk, so nothing is charged here. The new seats apply at once.'));
    await accessibleInBothThemes(page, 'change-seats review');
    await pressByKeyboard(page, 'Confirm change');

    await hides(dialog);
    await expectToast(page, 'Seats changed', 'Your team now has 3 seats.');
    await shows(page.getByText('1 of 3 seats used'));
    await expect.poll(() => page.getByLabel('Email').isDisabled()).toBe(false);
    expect(await teamByApi(context, suite.server.url)).toMatchObject({ maxSeats: 3, usedSeats: 1 });
    await context.close();
  });
});
