import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../src/shared/limits';
import { VERIFICATION_MESSAGES } from '../../src/shared/verification';
import { LINKS, extractLink } from '../support/smtp-sink';
import {
  currentUserOf,
  DESKTOP,
  hides,
  newAccount,
  newPage,
  PHONE,
  registerByForm,
  shows,
  signedInPage,
  toasts,
  type Account,
} from './support/browser';
import { serverAndBrowser } from './support/suite';
import {
  acceptByApi,
  createTeamByApi,
  invitationLinkIn,
  inviteByApi,
  mailText,
  setInvitationsExpiry,
  setTeam,
  teamByApi,
} from './support/team-api';
import { composer } from './support/chat';

const SEATS_FULL = 'All seats are occupied. Upgrade your subscription to add more members.';
const STORY = 'The council voted 7-2 on Tuesday in order to approve a new budget of 5 million dollars, officials said.';

const suite = serverAndBrowser();
const shotsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-team-shots-'));
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });

afterAll(() => {
  if (process.env.KEEP_TEAM_SHOTS) console.log(`team screenshots: ${shotsDir}`);
  else fs.rmSync(shotsDir, { recursive: true, force: true });
});

interface Session {
  account: Account;
  context: BrowserContext;
  page: Page;
}

const signedIn = (prefix: string): Promise<Session> => signedInPage(suite.browser, suite.server.url, { prefix });

const currentUser = (context: BrowserContext) => currentUserOf(context, suite.server.url);

/** An owner whose team exists (and is active unless asked otherwise), with `members` who joined through real invitations. */
async function teamWith(members: Session[], o: { name?: string; active?: boolean } = {}) {
  const owner = await signedIn('owner');
  const team = await createTeamByApi(owner.context, suite.server.url, o.name ?? `${owner.account.username} Desk`);
  if (o.active !== false) await setTeam(suite.server, team.id, { subscriptionStatus: 'active', subscriptionPlan: 'professional' });
  for (const member of members) {
    const since = suite.server.smtp.received.length;
    await inviteByApi(owner.context, suite.server.url, member.account.email);
    const { token } = invitationLinkIn(await suite.server.smtp.waitFor(member.account.email, since, LINKS.invitation));
    await acceptByApi(member.context, suite.server.url, token);
  }
  return { owner, team };
}

const memberList = (page: Page) => page.getByRole('list', { name: 'Team members' });
const pendingList = (page: Page) => page.getByRole('list', { name: 'Pending invitations' });

async function sendAndGetReply(page: Page, text: string) {
  const replies = page.locator('article[data-role="assistant"]');
  const before = await replies.count();
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect.poll(() => replies.count()).toBe(before + 1);
  await page.locator('article[aria-busy="true"]').waitFor({ state: 'detached' });
}

describe('team: from invitation e-mail to the editor', () => {
  it('the owner creates a team and invites; the invitee registers from the link, accepts and edits on the team subscription', async () => {
    const owner = await signedIn('owner');
    const teamName = `${owner.account.username}'s Team`;
    await owner.page.goto('/team');
    await shows(owner.page.getByRole('heading', { name: 'Create Team' }));
    expect(await owner.page.getByLabel('Team name').inputValue()).toBe(teamName);
    await shot(owner.page, 'create-team');
    await owner.page.getByLabel('Team name').fill(' x ');
    await owner.page.getByRole('button', { name: 'Create Team' }).click();
    await shows(owner.page.getByText('Team name must be at least 2 characters'));
    await owner.page.getByLabel('Team name').fill(teamName);
    await owner.page.getByRole('button', { name: 'Create Team' }).click();
    await shows(toasts(owner.page).getByText('Team created'));
    await shows(owner.page.getByRole('heading', { name: teamName }));
    await shows(memberList(owner.page).getByText('Owner', { exact: true }));
    await shows(owner.page.getByText('No pending invitations.', { exact: false }));

    // Local billing: Subscribe Now makes the team's subscription active at once.
    await owner.page.getByRole('button', { name: 'Subscribe Now' }).click();
    await shows(owner.page.getByRole('button', { name: 'Manage Subscription' }));
    expect((await teamByApi(owner.context, suite.server.url)).subscriptionStatus).toBe('active');
    await owner.page.getByRole('button', { name: 'Manage Subscription' }).click();
    const manage = owner.page.getByRole('dialog', { name: 'Team subscription' });
    await shows(manage.getByText('1 / 5'));
    await manage.getByRole('button', { name: 'Close' }).click();
    await hides(manage);

    const invitee = newAccount('invitee');
    const since = suite.server.smtp.received.length;
    await owner.page.getByLabel('Email').fill(invitee.email);
    await owner.page.getByRole('button', { name: 'Send Invitation' }).click();
    await shows(toasts(owner.page).getByText('Invitation sent'));
    await shows(pendingList(owner.page).getByText(invitee.email));
    const badge = pendingList(owner.page).getByText('7 days left');
    await shows(badge);
    expect(await badge.getAttribute('class')).not.toContain('bg-red-50');
    await shot(owner.page, 'owner-dashboard');

    const mail = await suite.server.smtp.waitFor(invitee.email, since, LINKS.invitation);
    expect(mailText(mail)).toContain(teamName);
    expect(mailText(mail)).toContain(owner.account.username);
    const { link } = invitationLinkIn(mail);
    expect(link.startsWith(`${suite.server.url}/accept-invitation?token=`)).toBe(true);

    // Just after sending, the owner can copy the same link to share it another way.
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await owner.page.getByRole('button', { name: `Copy link for ${invitee.email}` }).click();
    await shows(toasts(owner.page).getByText('Invitation link copied'));
    expect(await owner.page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The invitee follows the link without an account.
    const guest = await newPage(suite.browser, suite.server.url);
    await guest.page.goto(link);
    await shows(guest.page.getByRole('heading', { name: 'Team Invitation' }));
    await shows(guest.page.getByText(teamName));
    await shot(guest.page, 'invitation-logged-out');
    await guest.page.getByRole('button', { name: 'Log in to accept' }).click();
    await guest.page.waitForURL('**/auth');
    await registerByForm(guest.page, invitee);

    await guest.page.waitForURL((url) => url.href === link);
    await shows(guest.page.getByRole('link', { name: 'Go to Team Dashboard' }));
    await shows(guest.page.getByRole('button', { name: 'Decline & Go Home' }));
    await shot(guest.page, 'invitation-signed-in');
    await guest.page.getByRole('button', { name: 'Accept Invitation' }).click();
    await guest.page.waitForURL('**/chat');
    await shows(composer(guest.page));

    const joined = await currentUser(guest.context);
    // The invitation link proved the mailbox: the new member's address is verified, and no banner asks for it.
    expect(joined.emailVerified).toBe(true);
    await hides(guest.page.getByRole('region', { name: 'Address verification' }));
    expect(joined.subscriptionStatus).toBe('inactive');
    expect(joined.teamId).toBe((await teamByApi(owner.context, suite.server.url)).id);
    // The server lets the member edit on the team's subscription alone.
    await sendAndGetReply(guest.page, STORY);

    await guest.page.getByRole('link', { name: 'Team Dashboard' }).click();
    await guest.page.waitForURL('**/team');
    await shows(guest.page.getByRole('heading', { name: teamName }));
    await shows(memberList(guest.page).getByText(owner.account.username));
    expect(await guest.page.getByLabel('Email').count()).toBe(0);
    await shows(guest.page.getByRole('button', { name: 'Leave team' }));
    await shot(guest.page, 'member-dashboard');

    await owner.page.reload();
    await shows(memberList(owner.page).getByText(invitee.username));
    await shows(owner.page.getByText('2 / 5'));
    await shows(owner.page.getByText('No pending invitations.', { exact: false }));

    // A used link says so and leads to the team.
    await guest.page.goto(link);
    await shows(guest.page.getByRole('heading', { name: 'Invitation Already Accepted' }));
    await shows(guest.page.getByRole('link', { name: 'Go to Team Dashboard' }));

    await owner.context.close();
    await guest.context.close();
  });

  it('returns an existing account to the invitation after sign-in, where it can decline', async () => {
    const invitee = await signedIn('reader');
    await invitee.context.clearCookies();
    const owner = await signedIn('owner');
    const team = await createTeamByApi(owner.context, suite.server.url, 'Evening Ledger');
    const since = suite.server.smtp.received.length;
    await inviteByApi(owner.context, suite.server.url, invitee.account.email);
    const { link } = invitationLinkIn(await suite.server.smtp.waitFor(invitee.account.email, since, LINKS.invitation));

    const { page } = invitee;
    await page.goto(link);
    await page.getByRole('button', { name: 'Log in to accept' }).click();
    await page.waitForURL('**/auth');
    await page.getByLabel('Email').fill(invitee.account.email);
    await page.getByLabel('Password', { exact: true }).fill(invitee.account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.href === link);
    expect(await page.evaluate(() => sessionStorage.getItem('redirectAfterLogin'))).toBeNull();

    await page.getByRole('button', { name: 'Decline & Go Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await currentUser(invitee.context)).teamId).toBeNull();
    await page.goto(link);
    await shows(page.getByRole('heading', { name: 'Invalid Invitation' }));
    expect((await teamByApi(owner.context, suite.server.url)).usedSeats).toBe(1);
    expect(team.name).toBe('Evening Ledger');
    await owner.context.close();
    await invitee.context.close();
  });

  it('tells a signed-in stranger the invitation is for another address and refuses the accept', async () => {
    const stranger = await signedIn('stranger');
    const owner = await signedIn('owner');
    await createTeamByApi(owner.context, suite.server.url, 'Coastal Times');
    const invited = newAccount('invited');
    const since = suite.server.smtp.received.length;
    await inviteByApi(owner.context, suite.server.url, invited.email);
    const { link } = invitationLinkIn(await suite.server.smtp.waitFor(invited.email, since, LINKS.invitation));

    await stranger.page.goto(link);
    await shows(stranger.page.getByText(`Only ${invited.email} can accept this invitation.`, { exact: false }));
    await stranger.page.getByRole('button', { name: 'Accept Invitation' }).click();
    await shows(toasts(stranger.page).getByText('Failed to accept invitation'));
    await shows(toasts(stranger.page).getByText('This invitation was sent to another email address'));
    expect((await currentUser(stranger.context)).teamId).toBeNull();
    await stranger.page.getByRole('button', { name: 'Decline & Go Home' }).click();
    await shows(toasts(stranger.page).getByText('Failed to decline invitation'));
    await owner.context.close();
    await stranger.context.close();
  });

  it('shows Invalid Invitation for a missing or unknown token', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    await page.goto('/accept-invitation');
    await shows(page.getByRole('heading', { name: 'Invalid Invitation' }));
    await page.goto('/accept-invitation?token=not-a-real-invitation-token');
    await shows(page.getByRole('heading', { name: 'Invalid Invitation' }));
    await shows(page.getByText('This invitation is invalid or has expired.'));
    expect(await page.getByRole('button', { name: 'Log in to accept' }).count()).toBe(0);
    await context.close();
  });
});

describe('team: the owner dashboard', () => {
  it('disables the invite form with the spec sentence when every seat is taken, and frees a seat on removal', async () => {
    const member = await signedIn('member');
    const { owner, team } = await teamWith([member]);
    await setTeam(suite.server, team.id, { maxSeats: 2 });
    await owner.page.goto('/team');
    await shows(owner.page.getByText('2 / 2'));
    await shows(owner.page.getByText(SEATS_FULL));
    expect(await owner.page.getByRole('button', { name: 'Send Invitation' }).isDisabled()).toBe(true);
    expect(await owner.page.getByLabel('Email').isDisabled()).toBe(true);
    await shot(owner.page, 'seats-full');
    await owner.page.setViewportSize(PHONE);
    expect(await owner.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(owner.page, 'seats-full-phone');
    await owner.page.setViewportSize(DESKTOP);

    await owner.page.getByRole('button', { name: `Remove ${member.account.username}` }).click();
    const confirm = owner.page.getByRole('alertdialog', { name: `Remove ${member.account.username}?` });
    await shows(confirm);
    await confirm.getByRole('button', { name: 'Remove Member' }).click();
    await shows(toasts(owner.page).getByText('Member removed'));
    await hides(memberList(owner.page).getByText(member.account.username));
    await shows(owner.page.getByText('1 / 2'));
    await hides(owner.page.getByText(SEATS_FULL));
    expect(await owner.page.getByRole('button', { name: 'Send Invitation' }).isDisabled()).toBe(false);
    expect((await currentUser(member.context)).teamId).toBeNull();
    await owner.context.close();
    await member.context.close();
  });

  it('counts invitation days up, turns the badge red at 3 days, resends and cancels', async () => {
    const { owner, team } = await teamWith([]);
    const invitee = newAccount('pending');
    await inviteByApi(owner.context, suite.server.url, invitee.email);
    await setInvitationsExpiry(suite.server, team.id, new Date(Date.now() + 2 * DAY_MS + 2 * HOUR_MS));
    await owner.page.goto('/team');
    const badge = pendingList(owner.page).getByText('3 days left');
    await shows(badge);
    expect(await badge.getAttribute('class')).toContain('bg-red-50');
    await shot(owner.page, 'invitation-red-badge');

    const since = suite.server.smtp.received.length;
    await owner.page.getByRole('button', { name: `Resend invitation to ${invitee.email}` }).click();
    await shows(toasts(owner.page).getByText('Invitation resent'));
    await shows(pendingList(owner.page).getByText('7 days left'));
    await suite.server.smtp.waitFor(invitee.email, since, LINKS.invitation);

    await owner.page.getByRole('button', { name: `Cancel invitation to ${invitee.email}` }).click();
    await owner.page
      .getByRole('alertdialog', { name: 'Cancel this invitation?' })
      .getByRole('button', { name: 'Cancel Invitation' })
      .click();
    await shows(toasts(owner.page).getByText('Invitation cancelled'));
    await shows(owner.page.getByText('No pending invitations.', { exact: false }));
    await owner.context.close();
  });

  it("offers a suspended team's owner no Subscribe Now, and Manage Subscription says when a cancelled plan ends", async () => {
    const { owner, team } = await teamWith([], { active: false });
    await setTeam(suite.server, team.id, { subscriptionStatus: 'suspended' });
    await owner.page.goto('/team');
    await shows(owner.page.getByText('Team access is suspended. Members cannot use the editor until it is active again.'));
    await hides(owner.page.getByRole('button', { name: 'Subscribe Now' }));
    await hides(owner.page.getByRole('button', { name: 'Manage Subscription' }));

    const endsAt = new Date(Date.now() + 10 * DAY_MS);
    await setTeam(suite.server, team.id, { subscriptionStatus: 'active', subscriptionRenewalDate: endsAt, cancelAtPeriodEnd: true });
    await owner.page.reload();
    await owner.page.getByRole('button', { name: 'Manage Subscription' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Team subscription' });
    await shows(dialog.getByText('Ends on', { exact: true }));
    await hides(dialog.getByText('Renews on', { exact: true }));
    await owner.context.close();
  });

  it('tells the owner why an invitation failed', async () => {
    const member = await signedIn('member');
    const { owner } = await teamWith([member]);
    await owner.page.goto('/team');
    await owner.page.getByLabel('Email').fill(member.account.email);
    await owner.page.getByRole('button', { name: 'Send Invitation' }).click();
    await shows(toasts(owner.page).getByText('Failed to send invitation'));
    await shows(toasts(owner.page).getByText('This person is already a member of the team'));
    await owner.context.close();
    await member.context.close();
  });
});

describe('team: members', () => {
  it('opens the Team Access Suspended dialog on the next message once the team is suspended', async () => {
    const member = await signedIn('member');
    const { owner, team } = await teamWith([member], { name: 'Harbor Gazette' });
    await member.page.goto('/chat');
    await shows(composer(member.page));
    await sendAndGetReply(member.page, STORY);

    await setTeam(suite.server, team.id, { subscriptionStatus: 'suspended' });
    await composer(member.page).fill('One more paragraph to check, please.');
    await composer(member.page).press('Enter');
    const dialog = member.page.getByRole('alertdialog', { name: 'Team Access Suspended' });
    await shows(dialog);
    await shows(dialog.getByText('Team "Harbor Gazette" subscription is currently suspended. Get in touch with your team owner.'));
    expect(await toasts(member.page).getByText('Failed to send message').count()).toBe(0);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await hides(dialog);

    // The guard asks again: a suspended team no longer opens the editor.
    await member.page.goto('/chat');
    await member.page.waitForURL('**/subscribe');
    await owner.context.close();
    await member.context.close();
  });

  it("answers the 'I have a team' button for an inactive team, then opens the editor once it is active", async () => {
    const member = await signedIn('member');
    const { owner, team } = await teamWith([member], { active: false });
    await member.page.goto('/subscribe');
    await member.page.getByRole('button', { name: 'I have a team' }).click();
    await shows(member.page.getByText('Team subscription inactive. Contact your team owner or subscribe individually.'));

    await setTeam(suite.server, team.id, { subscriptionStatus: 'active' });
    await member.page.getByRole('button', { name: 'I have a team' }).click();
    await member.page.waitForURL('**/chat');
    await shows(composer(member.page));
    await owner.context.close();
    await member.context.close();
  });

  it('opens the editor from Start Editing for a member of an active team, even before the team has loaded', async () => {
    const member = await signedIn('member');
    const { owner } = await teamWith([member]);
    let release!: () => void;
    const teamHeld = new Promise<void>((resolve) => (release = resolve));
    await member.page.route(/\/trpc\/[^?]*team\.get/, async (route) => {
      await teamHeld;
      await route.continue();
    });
    await member.page.goto('/');
    await member.page.getByRole('link', { name: 'Start Editing' }).click();
    release();
    await member.page.waitForURL('**/chat');
    await shows(composer(member.page));
    await owner.context.close();
    await member.context.close();
  });

  it('steps through pending invitations on /subscribe: Decline shows the next, Accept opens the editor', async () => {
    const invitee = await signedIn('invitee');
    const first = await teamWith([], { name: 'Morning Post' });
    const second = await teamWith([], { name: 'Valley Courier' });
    await inviteByApi(first.owner.context, suite.server.url, invitee.account.email);
    await inviteByApi(second.owner.context, suite.server.url, invitee.account.email);

    // Until the address is verified the list says how to join, and Accept waits.
    await invitee.page.goto('/subscribe');
    const dialog = invitee.page.getByRole('dialog', { name: 'Team Invitation' });
    await shows(dialog.getByText(VERIFICATION_MESSAGES.invitationsNeedVerifiedAddress));
    expect(await dialog.getByRole('button', { name: 'Accept' }).isDisabled()).toBe(true);
    const verification = await suite.server.smtp.waitFor(invitee.account.email, 0, LINKS.verification);
    await invitee.page.goto(extractLink(verification.raw, LINKS.verification));
    await shows(invitee.page.getByRole('heading', { name: 'Email Verified' }));

    await invitee.page.goto('/subscribe');
    await shows(dialog);
    await shows(dialog.getByText('Invitation 1 of 2'));
    await hides(dialog.getByText(VERIFICATION_MESSAGES.invitationsNeedVerifiedAddress));
    await shot(invitee.page, 'pending-invitations');
    const firstTeam = (await dialog.getByText('Morning Post').count()) > 0 ? 'Morning Post' : 'Valley Courier';
    const nextTeam = firstTeam === 'Morning Post' ? 'Valley Courier' : 'Morning Post';
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await shows(dialog.getByText('Invitation 2 of 2'));
    await shows(dialog.getByText(nextTeam));
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await invitee.page.waitForURL('**/chat');
    await shows(composer(invitee.page));

    const joined = nextTeam === 'Morning Post' ? first : second;
    expect((await currentUser(invitee.context)).teamId).toBe(joined.team.id);
    for (const t of [first, second]) await t.owner.context.close();
    await invitee.context.close();
  });

  it('lets a member leave, and the owner hand the team over', async () => {
    const leaver = await signedIn('leaver');
    const heir = await signedIn('heir');
    const { owner } = await teamWith([leaver, heir]);

    await leaver.page.goto('/team');
    await leaver.page.getByRole('button', { name: 'Leave team' }).click();
    await leaver.page.getByRole('alertdialog').getByRole('button', { name: 'Leave Team' }).click();
    await shows(toasts(leaver.page).getByText('You left the team'));
    await shows(leaver.page.getByRole('heading', { name: 'Create Team' }));
    expect((await currentUser(leaver.context)).teamId).toBeNull();

    await owner.page.goto('/team');
    await owner.page.getByRole('button', { name: 'Make owner' }).click();
    await owner.page.getByRole('alertdialog').getByRole('button', { name: 'Transfer Ownership' }).click();
    await shows(toasts(owner.page).getByText('Ownership transferred'));
    await shows(owner.page.getByRole('button', { name: 'Leave team' }));
    // The former owner stays on as a team editor: the roster, never the billing.
    await shows(owner.page.getByRole('button', { name: 'Send Invitation' }));
    expect(await owner.page.getByRole('button', { name: /Subscribe Now|Manage Subscription/ }).count()).toBe(0);

    await heir.page.goto('/team');
    await shows(heir.page.getByRole('button', { name: 'Send Invitation' }));
    for (const s of [owner, leaver, heir]) await s.context.close();
  });
});
