import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LINKS } from '../support/smtp-sink';
import { appOrigin, currentUserOf, hides, newAccount, newPage, registerByApi, shows, signedInPage } from './support/browser';
import {
  ADMIN,
  ADMIN_ENV,
  adminConsole,
  auditList,
  confirmNamed,
  dialogNamed,
  expectToast,
  rowWith,
  seedUsers,
  storedUser,
  teamsList,
  usersList,
} from './support/admin';
import { serverAndBrowser } from './support/suite';
import { acceptByApi, createTeamByApi, invitationLinkIn } from './support/team-api';

const suite = serverAndBrowser({ env: ADMIN_ENV });

const openConsole = () => adminConsole(suite.browser, suite.server.url);

async function register(prefix: string) {
  const account = newAccount(prefix);
  await registerByApi(suite.server.url, account);
  return account;
}

async function searchUsers(page: Page, text: string, rows: number) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
  await expect.poll(() => usersList(page).getByRole('listitem').count()).toBe(rows);
}

const optionsOf = (select: Locator) => select.locator('option').allInnerTexts();
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

async function loginStatus(email: string, password: string) {
  const res = await fetch(`${suite.server.url}/api/login`, {
    method: 'POST',
    headers: { ...appOrigin(suite.server.url), 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

describe('admin console', () => {
  it('a non-admin opening /admin sees the not-allowed page, and the browser asks for no admin data', async () => {
    const { page, context } = await signedInPage(suite.browser, suite.server.url, { prefix: 'writer' });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/admin');
    await shows(page.getByRole('heading', { name: 'Not allowed' }));
    await page.waitForLoadState('networkidle');
    // Who is signed in arrives with the page itself (decision 020); the recorder saw the page load,
    // and nothing the browser asked for was admin data.
    expect(requested).toContain('/admin');
    expect(requested.filter((p) => p.includes('admin.') || p.startsWith('/api/admin'))).toEqual([]);
    expect(await page.getByRole('heading', { name: 'Admin Console' }).count()).toBe(0);
    await context.close();
  });

  it('shows the admin the console: loading line, users with the Admin badge, and an empty Teams panel', async () => {
    const { context, page } = await newPage(suite.browser, suite.server.url);
    const res = await context.request.post(`${suite.server.url}/api/login`, {
      data: { email: ADMIN.email, password: ADMIN.password },
      headers: appOrigin(suite.server.url),
    });
    expect(res.status()).toBe(200);
    // Hold the first lists back until the loading line has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const lists = /\/trpc\/[^?]*admin\.users\.list/;
    await page.route(lists, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin');
    await shows(page.getByRole('heading', { name: 'Admin Console' }));
    await shows(page.getByText('Manage users and teams across the platform'));
    await shows(page.getByText('Loading users...'));
    release();
    await shows(usersList(page));
    await page.unroute(lists);

    const me = rowWith(usersList(page), ADMIN.email);
    await shows(me.getByText(ADMIN.username, { exact: true }));
    await shows(me.getByText('Admin', { exact: true }));
    await shows(page.getByRole('heading', { name: /^Users \(\d+\)$/ }));
    await shows(page.getByText('No teams created yet'));
    await shows(page.getByRole('heading', { name: 'Teams (0)' }));
    const scroller = usersList(page).locator('xpath=..');
    expect(await scroller.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('384px');
    expect(await scroller.evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');
    await context.close();
  });

  it('creates a user through Create New User: validation, the server refusal as a toast, then success and a reset form', async () => {
    const taken = await register('taken');
    const made = newAccount('made');
    const { page, context } = await openConsole();

    await page.getByRole('button', { name: 'Add User' }).click();
    const create = dialogNamed(page, 'Create New User');
    await shows(create.getByText('Add a new user to the platform'));
    expect(await create.getByLabel('Subscription Status').inputValue()).toBe('inactive');
    expect(await optionsOf(create.getByLabel('Subscription Status'))).toEqual(['inactive', 'active']);
    await create.getByLabel('Username').fill('a');
    await create.getByLabel('Email').fill('not-an-address');
    await create.getByLabel('Password', { exact: true }).fill('12345');
    await create.getByRole('button', { name: 'Create User' }).click();
    await shows(create.getByText('Username must be at least 2 characters'));
    await shows(create.getByText('Please enter a valid email address'));
    await shows(create.getByText('Password must be at least 6 characters'));

    await create.getByLabel('Username').fill(made.username);
    await create.getByLabel('Email').fill(taken.email);
    await create.getByLabel('Password', { exact: true }).fill(made.password);
    await create.getByLabel('Subscription Plan').fill('professional');
    await create.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, 'Failed to create user', 'An account with this email already exists.');
    await shows(create);

    await create.getByLabel('Email').fill(made.email);
    await create.getByRole('button', { name: 'Create User' }).click();
    await expectToast(page, 'User created successfully!');
    await hides(create);
    const row = rowWith(usersList(page), made.email);
    await shows(row.getByText(made.username, { exact: true }));
    await shows(row.getByText('inactive', { exact: true }));
    await shows(row.getByText('Professional Editor'));
    expect(await row.getByText('Admin', { exact: true }).count()).toBe(0);
    expect(await loginStatus(made.email, made.password)).toBe(200);

    // Opened again from the keyboard: an empty form, the focus in its first field, and back on the button after Escape.
    const addUser = page.getByRole('button', { name: 'Add User' });
    await addUser.focus();
    await page.keyboard.press('Enter');
    await shows(create);
    expect(await isFocused(create.getByLabel('Username'))).toBe(true);
    expect(await create.getByLabel('Username').inputValue()).toBe('');
    expect(await create.getByLabel('Email').inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await hides(create);
    // the dialog hands the focus back as it finishes closing, which a busy machine may take a moment over
    await expect.poll(() => isFocused(addUser)).toBe(true);
    await context.close();
  });

  it('searches users on the server, edits one (a trial stays a trial), gifts only to the inactive, and deletes', async () => {
    const trial = await register('trialist');
    await suite.server.setSubscription(trial.email, { subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
    const other = await register('other');
    const { page, context } = await openConsole();

    await searchUsers(page, trial.username, 1);
    await shows(page.getByRole('heading', { name: 'Users (1)' }));
    const row = rowWith(usersList(page), trial.email);
    await shows(row.getByText('trialing', { exact: true }));
    await shows(row.getByRole('button', { name: 'Gift subscription' }));

    await row.getByRole('button', { name: 'Edit user' }).click();
    const edit = dialogNamed(page, 'Edit User');
    await shows(edit.getByText('Update user information and subscription status'));
    expect(await edit.getByLabel('Username').inputValue()).toBe(trial.username);
    expect(await edit.getByLabel('Email').inputValue()).toBe(trial.email);
    expect(await edit.getByLabel('Subscription Status').inputValue()).toBe('trialing');
    expect(await edit.getByLabel('Password', { exact: true }).count()).toBe(0);
    await edit.getByLabel('Username').fill('x');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await shows(edit.getByText('Username must be at least 2 characters'));

    await edit.getByLabel('Username').fill(other.username);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Failed to update user', 'This username is already taken.');

    const renamed = `${trial.username}ed`;
    await edit.getByLabel('Username').fill(renamed);
    await edit.getByLabel('Subscription Plan').fill('Newsroom');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'User updated successfully!');
    await hides(edit);
    await shows(row.getByText(renamed, { exact: true }));
    await shows(row.getByText('Newsroom', { exact: true }));
    expect(await storedUser(suite.server, trial.email)).toMatchObject({
      username: renamed,
      subscriptionStatus: 'trialing',
      subscriptionPlan: 'Newsroom',
    });

    // Choosing a status sends it.
    await row.getByRole('button', { name: 'Edit user' }).click();
    await edit.getByLabel('Subscription Status').selectOption('inactive');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'User updated successfully!');
    await shows(row.getByText('inactive', { exact: true }));
    expect((await storedUser(suite.server, trial.email)).subscriptionStatus).toBe('inactive');

    await row.getByRole('button', { name: 'Gift subscription' }).click();
    await confirmNamed(page, 'Gift Subscription').getByRole('button', { name: 'Gift Subscription' }).click();
    await expectToast(page, 'Subscription gifted successfully!');
    await shows(row.getByText('active', { exact: true }));
    await hides(row.getByRole('button', { name: 'Gift subscription' }));
    expect(await storedUser(suite.server, trial.email)).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'professional' });

    // The server refuses to delete the admin's own account, and the toast says why.
    await searchUsers(page, ADMIN.email, 1);
    await rowWith(usersList(page), ADMIN.email).getByRole('button', { name: 'Delete user' }).click();
    const confirm = confirmNamed(page, 'Delete User');
    await shows(confirm.getByText(ADMIN.username, { exact: true }));
    await shows(confirm.getByText(ADMIN.email, { exact: true }));
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await expectToast(page, 'Failed to delete user', 'You cannot delete your own account.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await hides(confirm);

    await searchUsers(page, other.email, 1);
    await rowWith(usersList(page), other.email).getByRole('button', { name: 'Delete user' }).click();
    await shows(confirm.getByText(other.username, { exact: true }));
    await shows(confirm.getByText(other.email, { exact: true }));
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await expectToast(page, 'User deleted successfully!');
    await hides(confirm);
    await shows(page.getByText(`No users match "${other.email}"`));
    expect(await loginStatus(other.email, other.password)).toBe(401);
    await context.close();
  });

  it('marks an unverified address, and sends a reset to the address an admin replaced, not to the new one', async () => {
    const writer = await register('writer');
    const { page, context } = await openConsole();
    await searchUsers(page, writer.email, 1);
    const row = rowWith(usersList(page), writer.email);
    await shows(row.getByText('Unverified email', { exact: true }));

    await row.getByRole('button', { name: 'Edit user' }).click();
    const edit = dialogNamed(page, 'Edit User');
    const moved = `moved.${writer.email}`;
    await edit.getByLabel('Email').fill(moved);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'User updated successfully!');
    await hides(edit);
    const notice = await suite.server.smtp.waitFor(writer.email, 0, moved);
    expect(notice.raw).toContain(ADMIN.username);

    const since = suite.server.smtp.received.length;
    await searchUsers(page, moved, 1);
    await rowWith(usersList(page), moved).getByRole('button', { name: 'Send password reset' }).click();
    await expectToast(page, 'Password reset sent', "A password reset link was sent to the account's previous address.");
    await suite.server.smtp.waitFor(writer.email, since, LINKS.reset);
    expect(suite.server.smtp.received.slice(since).some((m) => m.to.includes(moved))).toBe(false);
    await context.close();
  });

  it('pages through the users 25 at a time, newest first, on scrolling and with Load more', async () => {
    await seedUsers(suite.server, 'paged', 60);
    const { page, context } = await openConsole();
    await searchUsers(page, 'paged', 25);
    await shows(page.getByRole('heading', { name: 'Users (60)' }));
    expect(await usersList(page).getByRole('listitem').first().innerText()).toContain('paged59');

    await usersList(page)
      .locator('xpath=..')
      .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => usersList(page).getByRole('listitem').count()).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => usersList(page).getByRole('listitem').count()).toBe(60);
    await hides(page.getByRole('button', { name: 'Load more' }));
    expect(await usersList(page).getByRole('listitem').last().innerText()).toContain('paged0');
    await context.close();
  });

  it('runs a team through Create Team, suspend and activate, Edit Team, Invite Team Member, Team Members & Invitations and Delete Team', async () => {
    const owner = await register('owner');
    const busy = await signedInPage(suite.browser, suite.server.url, { prefix: 'busy' });
    await createTeamByApi(busy.context, suite.server.url, `${busy.account.username} Desk`);
    const joiner = await signedInPage(suite.browser, suite.server.url, { prefix: 'joiner' });
    const teamName = `Metro ${owner.username}`;
    const { page, context } = await openConsole();

    await page.getByRole('button', { name: 'Create Team' }).click();
    const create = dialogNamed(page, 'Create Team');
    await shows(create.getByText('Create a team and assign an owner'));
    expect(await create.getByLabel('Max seats').inputValue()).toBe('5');
    await create.getByLabel('Team name').fill('x');
    await create.getByRole('button', { name: 'Create Team' }).click();
    await shows(create.getByText('Team name must be at least 2 characters'));
    await shows(create.getByText('Please choose an owner'));
    expect(await isFocused(create.getByLabel('Team name'))).toBe(true);
    // With a good name, the refused submit takes the caret to the owner, the one field still in error.
    const ownerSelect = create.getByLabel('Owner', { exact: true });
    await create.getByLabel('Team name').fill(teamName);
    await create.getByRole('button', { name: 'Create Team' }).click();
    await hides(create.getByText('Team name must be at least 2 characters'));
    await shows(create.getByText('Please choose an owner'));
    expect(await isFocused(ownerSelect)).toBe(true);

    // Only users in no team are offered.
    const ownerSearch = create.getByRole('searchbox', { name: 'Search owners' });
    // If the list stays unfiltered, the failure says what the box held and what the server answered.
    const ownerAnswers: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('ownerChoices'))
        ownerAnswers.push(`${res.status()} ${decodeURIComponent(new URL(res.url()).search).slice(0, 160)}`);
    });
    page.on('requestfailed', (req) => {
      if (req.url().includes('ownerChoices')) ownerAnswers.push(`failed: ${req.failure()?.errorText}`);
    });
    const searchOwners = async (term: string, expected: string[]) => {
      await ownerSearch.fill(term);
      await expect
        .poll(() => optionsOf(ownerSelect))
        .toEqual(expected)
        .catch(async (e: unknown) => {
          throw new Error(
            `owner search "${term}": the box holds "${await ownerSearch.inputValue()}"; answers: ${ownerAnswers.join(' | ')}`,
            {
              cause: e,
            },
          );
        });
    };
    await searchOwners(busy.account.username, ['No users without a team']);
    const choice = `${owner.username} (${owner.email})`;
    await searchOwners(owner.username, ['Choose an owner', choice]);
    await ownerSelect.selectOption({ label: choice });
    await create.getByLabel('Team name').fill(teamName);
    // A seats value that cannot be parsed becomes 1.
    await create.getByLabel('Max seats').fill('');
    await create.getByRole('button', { name: 'Create Team' }).click();
    await expectToast(page, 'Team created successfully!');
    await hides(create);
    let row = rowWith(teamsList(page), teamName);
    await shows(row.getByText(`Owner: ${owner.username}`));
    await shows(row.getByText('Seats: 1 / 1'));
    await shows(row.getByText('inactive', { exact: true }));
    await shows(row.getByText(/^Created \w+/));

    // Suspend or activate: the title says what the button will do.
    // Each change goes through its confirmation.
    const activate = row.getByRole('button', { name: 'Activate team access' });
    expect(await activate.getAttribute('title')).toBe('Activate team access');
    await activate.click();
    await confirmNamed(page, 'Activate Team Access').getByRole('button', { name: 'Activate Access' }).click();
    await expectToast(page, 'Team subscription status updated successfully!');
    await shows(row.getByText('active', { exact: true }));
    const suspend = row.getByRole('button', { name: 'Suspend team access' });
    expect(await suspend.getAttribute('title')).toBe('Suspend team access');
    await suspend.click();
    await confirmNamed(page, 'Suspend Team Access').getByRole('button', { name: 'Suspend Access' }).click();
    await expectToast(page, 'Team subscription status updated successfully!');
    await shows(row.getByText('suspended', { exact: true }));
    await row.getByRole('button', { name: 'Activate team access' }).click();
    await confirmNamed(page, 'Activate Team Access').getByRole('button', { name: 'Activate Access' }).click();
    await expectToast(page, 'Team subscription status updated successfully!');
    await shows(row.getByText('active', { exact: true }));

    await row.getByRole('button', { name: 'Edit team' }).click();
    const edit = dialogNamed(page, 'Edit Team');
    await shows(edit.getByText('Update team information'));
    await shows(edit.getByText('Current usage: 1 seats'));
    expect(await edit.getByLabel('Team name').inputValue()).toBe(teamName);
    await edit.getByLabel('Team name').fill(' y ');
    await edit.getByLabel('Max seats').fill('0');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await shows(edit.getByText('Team name must be at least 2 characters'));
    await shows(edit.getByText('Must have at least 1 seat'));
    const renamed = `${teamName} Desk`;
    await edit.getByLabel('Team name').fill(renamed);
    await edit.getByLabel('Max seats').fill('3');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Team updated successfully!');
    await hides(edit);
    row = rowWith(teamsList(page), renamed);
    await shows(row.getByText('Seats: 1 / 3'));

    await row.getByRole('button', { name: 'Invite member' }).click();
    const invite = dialogNamed(page, 'Invite Team Member');
    await shows(invite.getByText('Seats used: 1 / 3'));
    await invite.getByLabel('Email').fill('not-an-address');
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await shows(invite.getByText('Please enter a valid email address'));
    const sent = suite.server.smtp.received.length;
    await invite.getByLabel('Email').fill(joiner.account.email);
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    await expectToast(page, 'Team invitation sent successfully!');
    await hides(invite);
    await suite.server.smtp.waitFor(joiner.account.email, sent, LINKS.invitation);

    await row.getByRole('button', { name: 'Manage members and invitations' }).click();
    const people = dialogNamed(page, 'Team Members & Invitations');
    const members = people.getByRole('list', { name: 'Members' });
    const invitations = people.getByRole('list', { name: 'Invitations' });
    await shows(people.getByRole('heading', { name: 'Members (1)' }));
    const ownerItem = rowWith(members, owner.email);
    await shows(ownerItem.getByText(owner.username, { exact: true }));
    await shows(ownerItem.getByText('Owner', { exact: true }));
    await shows(ownerItem.getByText(/^Joined \w+/));
    await shows(people.getByRole('heading', { name: 'Invitations (1)' }));
    const invitation = rowWith(invitations, joiner.account.email);
    await shows(invitation.getByText('pending', { exact: true }));
    await shows(invitation.getByText(/^Sent \w+/));
    await shows(invitation.getByText(/^Expires \w+/));
    expect(await invitation.getByText(/^Updated/).count()).toBe(0);
    const resentSince = suite.server.smtp.received.length;
    await invitation.getByRole('button', { name: `Resend invitation to ${joiner.account.email}` }).click();
    await expectToast(page, 'Invitation resent successfully!');
    await shows(invitation.getByText(/^Updated \w+/));
    const resent = await suite.server.smtp.waitFor(joiner.account.email, resentSince, LINKS.invitation);
    await people.getByRole('button', { name: 'Close', exact: true }).click();
    await hides(people);

    // The invitee joins outside the console; the members are read afresh when the dialog opens again.
    await acceptByApi(joiner.context, suite.server.url, invitationLinkIn(resent).token);
    await row.getByRole('button', { name: 'Manage members and invitations' }).click();
    await shows(people.getByRole('heading', { name: 'Members (2)' }));
    await shows(rowWith(members, joiner.account.email).getByText(joiner.account.username, { exact: true }));
    expect(await rowWith(members, joiner.account.email).getByText('Owner', { exact: true }).count()).toBe(0);
    await shows(rowWith(members, joiner.account.email).getByText('Member', { exact: true }));
    await shows(invitation.getByText('accepted', { exact: true }));
    expect(await invitation.getByRole('button', { name: /Resend/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await hides(people);

    // Two seats in use: the server refuses fewer, and says why.
    await page.reload();
    await shows(row.getByText('Seats: 2 / 3'));
    await row.getByRole('button', { name: 'Edit team' }).click();
    await shows(edit.getByText('Current usage: 2 seats'));
    await edit.getByLabel('Max seats').fill('1');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Failed to update team', 'This team uses 2 seats; seats cannot be set below that.');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await hides(edit);

    await row.getByRole('button', { name: 'Delete team' }).click();
    const remove = confirmNamed(page, 'Delete Team');
    await shows(remove.getByText('All team members will be removed from the team.'));
    await remove.getByRole('button', { name: 'Delete Team' }).click();
    await expectToast(page, 'Team deleted successfully!');
    await hides(remove);
    await hides(row);
    expect((await currentUserOf(joiner.context, suite.server.url)).teamId).toBeNull();

    await Promise.all([context.close(), busy.context.close(), joiner.context.close()]);
  });

  it('logs the actions just taken, newest first, filters them, and exports the filtered log as CSV', async () => {
    const reader = await register('reader');
    const { page, context } = await openConsole();
    await searchUsers(page, reader.email, 1);
    await rowWith(usersList(page), reader.email).getByRole('button', { name: 'Gift subscription' }).click();
    await confirmNamed(page, 'Gift Subscription').getByRole('button', { name: 'Gift Subscription' }).click();
    await expectToast(page, 'Subscription gifted successfully!');

    const newest = auditList(page).getByRole('listitem').first();
    await shows(newest.getByText('Subscription gifted', { exact: true }));
    await shows(newest.getByText(`${reader.username} <${reader.email}>`, { exact: false }));
    await shows(newest.getByText(ADMIN.username, { exact: true }));
    await shows(newest.getByText('Subscription:', { exact: true }));
    expect(await newest.innerText()).toContain('Subscription: inactive → active');
    expect(await newest.innerText()).toMatch(/from \S+/);

    // The earlier tests' team actions are there too.
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Team created' });
    await shows(auditList(page).getByRole('listitem').first().getByText('Team created', { exact: true }));
    const teamEntries = await auditList(page).getByRole('listitem').allInnerTexts();
    expect(teamEntries.length).toBeGreaterThan(0);
    expect(teamEntries.every((t) => t.includes('Team created'))).toBe(true);

    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Admin signed in' });
    await page.getByLabel('Admin', { exact: true }).selectOption({ label: ADMIN.username });
    await shows(auditList(page).getByRole('listitem').first().getByText('Admin signed in', { exact: true }));
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    const href = new URL((await exportLink.getAttribute('href'))!, suite.server.url);
    expect(href.pathname).toBe('/api/admin/audit-log.csv');
    expect(href.searchParams.get('action')).toBe('admin.sign_in');
    expect(href.searchParams.get('adminId')).toBe(String((await storedUser(suite.server, ADMIN.email)).id));

    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
    expect(download.suggestedFilename()).toBe('copydesk-audit-log.csv');
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,createdAt,adminId,adminUsername,action,targetType,targetId,targetLabel,ip,changes,relatedId,field,from,to');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(',admin.sign_in,'))).toBe(true);

    // A target narrows the log to that row's history.
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'All actions' });
    await page.getByLabel('Target', { exact: true }).selectOption({ label: 'Users' });
    await page.getByLabel('Target ID', { exact: true }).fill(String((await storedUser(suite.server, reader.email)).id));
    await expect
      .poll(() => auditList(page).getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringContaining('Subscription gifted')]);
    await context.close();
  });
});
