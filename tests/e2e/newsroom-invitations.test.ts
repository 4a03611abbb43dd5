import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '../../src/shared/schemas/team';
import { LINKS } from '../support/smtp-sink';
import { expectAccessible } from './support/axe';
import { currentUserOf, hides, newAccount, newPage, shows, signedInPage, toasts } from './support/browser';
import { serverAndBrowser } from './support/suite';
import { createTeamByApi, invitationLinkIn } from './support/team-api';

const suite = serverAndBrowser();

const memberList = (page: Page) => page.getByRole('list', { name: 'Team members' });
const pendingList = (page: Page) => page.getByRole('list', { name: 'Pending invitations' });

/** The invitation e-mail to `address` that arrives after `since` messages. */
async function invitationMail(address: string, since: number) {
  return invitationLinkIn(await suite.server.smtp.waitFor(address, since, LINKS.invitation)).link;
}

/** Axe on the page as it stands, in the light theme and then the dark one (the system setting, followed live). */
async function accessibleInBothThemes(page: Page, label: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.waitForFunction((s) => getComputedStyle(document.documentElement).colorScheme === s, scheme);
    // Colours change with a transition: check them once it has run.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await expectAccessible(page, `${label} (${scheme})`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function inviteByForm(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await shows(toasts(page).getByText('Invitation sent'));
  await shows(pendingList(page).getByText(email));
}

describe('a newsroom invites, replaces a link, and hands the roster to a team editor', () => {
  it('owner resends, the old link reads as replaced, the invitee registers from the link, and the new editor invites', async () => {
    const owner = await signedInPage(suite.browser, suite.server.url, { prefix: 'owner' });
    // No subscription yet: joining must say what happens next rather than open a paywall.
    const team = await createTeamByApi(owner.context, suite.server.url, `Desk ${owner.account.username}`);
    const invitee = newAccount('deskeditor');

    await owner.page.goto('/team');
    let since = suite.server.smtp.received.length;
    await inviteByForm(owner.page, invitee.email);
    const firstLink = await invitationMail(invitee.email, since);
    since = suite.server.smtp.received.length;
    await owner.page.getByRole('button', { name: `Resend invitation to ${invitee.email}` }).click();
    await shows(toasts(owner.page).getByText('The earlier link now says it was replaced.'));
    const latestLink = await invitationMail(invitee.email, since);
    expect(latestLink).not.toBe(firstLink);

    // The first e-mail's link explains itself.
    const guest = await newPage(suite.browser, suite.server.url);
    await guest.page.goto(firstLink);
    await shows(guest.page.getByRole('heading', { name: 'Invitation Replaced' }));
    await shows(guest.page.getByText(TEAM_MESSAGES.invitationReplaced));
    await accessibleInBothThemes(guest.page, 'replaced invitation');

    // The latest link leads an address without an account to Register, filled in, with the team covering the seat.
    await guest.page.goto(latestLink);
    await guest.page.getByRole('button', { name: 'Log in to accept' }).click();
    await guest.page.waitForURL('**/auth');
    await shows(guest.page.getByText(`Create your account with ${invitee.email} to join ${team.name}.`));
    expect(await guest.page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
    const register = guest.page.getByRole('tabpanel', { name: 'Register' });
    expect(await register.getByLabel('Email').inputValue()).toBe(invitee.email);
    await shows(guest.page.getByText(`Your seat will be covered by ${team.name}'s subscription`, { exact: false }).first());
    expect(await guest.page.getByText('49.99', { exact: false }).count()).toBe(0);
    await accessibleInBothThemes(guest.page, '/auth from an invitation');
    await register.getByLabel('Username').fill(invitee.username);
    await register.getByLabel('Password', { exact: true }).fill(invitee.password);
    await register.getByLabel('Confirm Password').fill(invitee.password);
    await register.getByRole('button', { name: 'Create account' }).click();
    await guest.page.waitForURL((url) => url.href === latestLink);
    await guest.page.getByRole('button', { name: 'Accept Invitation' }).click();

    // The team pays nothing yet: the new member lands on the team page, told why, not on a silent paywall.
    await guest.page.waitForURL('**/team');
    await shows(toasts(guest.page).getByText(`You joined ${team.name}`));
    await shows(guest.page.getByText('Your team has no active subscription yet.', { exact: false }));
    expect((await currentUserOf(guest.context, suite.server.url)).teamId).toBe(team.id);

    // The owner makes the new member a team editor.
    await owner.page.reload();
    const row = memberList(owner.page).getByRole('listitem').filter({ hasText: invitee.username });
    await shows(row.getByText('Member', { exact: true }));
    await owner.page.getByRole('button', { name: `Make editor: ${invitee.username}` }).click();
    await shows(toasts(owner.page).getByText(`${invitee.username} is now a team editor`, { exact: false }));
    await shows(row.getByText('Team editor'));

    // The editor invites a colleague; billing stays with the owner.
    const colleague = newAccount('reporter');
    await guest.page.reload();
    await shows(memberList(guest.page).getByText('Team editor'));
    expect(await guest.page.getByRole('button', { name: 'Subscribe Now' }).count()).toBe(0);
    expect(await guest.page.getByRole('button', { name: `Remove ${owner.account.username}` }).count()).toBe(0);
    since = suite.server.smtp.received.length;
    await inviteByForm(guest.page, colleague.email);
    const mailed = await invitationMail(colleague.email, since);

    // After a reload the editor can still copy a link: a new one, said so first, chosen from the keyboard.
    await guest.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await guest.page.reload();
    const copy = guest.page.getByRole('button', { name: `Copy link for ${colleague.email}` });
    await copy.focus();
    await guest.page.keyboard.press('Enter');
    const dialog = guest.page.getByRole('alertdialog', { name: `Copy a new link for ${colleague.email}?` });
    await shows(dialog);
    await accessibleInBothThemes(guest.page, 'copy link dialog');
    await guest.page.keyboard.press('Escape');
    await hides(dialog);
    await expect
      .poll(() => guest.page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Copy link for ${colleague.email}`);
    await guest.page.keyboard.press('Enter');
    await shows(dialog);
    await dialog.getByRole('button', { name: 'Copy New Link' }).focus();
    await guest.page.keyboard.press('Enter');
    await shows(toasts(guest.page).getByText('New invitation link copied'));
    const copied = await guest.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\/accept-invitation\?token=/);
    expect(copied).not.toBe(mailed);
    expect(suite.server.smtp.received.filter((m) => m.to.includes(colleague.email))).toHaveLength(1);

    await owner.context.close();
    await guest.context.close();
  });
});
