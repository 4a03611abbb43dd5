import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { LINKS } from '../support/smtp-sink';
import { ADMIN, ADMIN_ENV, confirmNamed, dialogNamed, rowWith, teamsList, usersList } from './support/admin';
import { expectAccessible, lesserViolations } from './support/axe';
import { appOrigin, DESKTOP, hides, loginByApi, newAccount, PHONE, registerByApi, shows, type Account } from './support/browser';
import { serverAndBrowser } from './support/suite';
import { acceptByApi, createTeamByApi, invitationLinkIn, inviteByApi, setTeam } from './support/team-api';
import { putInSuspendedTeam } from './support/teams';
import { composer } from './support/chat';

/**
 * axe-core on every page and dialog, logged out and signed in, in the light and the dark theme, at desktop size and
 * (for the main pages) on a phone: no serious or critical violation anywhere. Each check is soft, so a failing run
 * lists every page's problems at once.
 */

const suite = serverAndBrowser({ env: ADMIN_ENV });

// AXE_REPORT=1 also prints the minor and moderate findings, which do not fail the run.
afterAll(() => {
  if (process.env.AXE_REPORT && lesserViolations.size) {
    console.log([...lesserViolations].map(([label, found]) => `${label}\n${found.join('\n')}`).join('\n\n'));
  }
});

type Scheme = 'light' | 'dark';
type Viewport = typeof DESKTOP;

// A story the embedded editor revises (a misspelling, money in words), so its reply lists edits and offers the comparison.
const STORY =
  'The library recieved a grant from the state last month, officials said. The new wing will cost 5 million dollars and open in the spring, according to the director.';

async function register(prefix: string, o: { plan?: boolean } = {}): Promise<Account> {
  const account = newAccount(prefix);
  await registerByApi(suite.server.url, account);
  if (o.plan) await suite.server.setSubscription(account.email, { subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
  return account;
}

async function pageIn(scheme: Scheme, o: { viewport?: Viewport; as?: Account } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({
    baseURL: suite.server.url,
    viewport: o.viewport ?? DESKTOP,
    reducedMotion: 'reduce',
    colorScheme: scheme,
  });
  context.setDefaultTimeout(15_000);
  if (o.as) await loginByApi(context, suite.server.url, o.as);
  return { context, page: await context.newPage() };
}

/** Opens a path and waits until the page has drawn what it loads. */
async function visit(page: Page, path: string, ready: Locator) {
  await page.goto(path);
  await shows(ready).catch(async (e: unknown) => {
    // Say what the page showed instead (a guard's redirect, an error page), not only what never appeared.
    const shown = (await page.locator('body').innerText()).slice(0, 300);
    throw new Error(`${path} did not draw as expected; ${page.url()} shows: ${shown}`, { cause: e });
  });
  await page.waitForLoadState('networkidle');
}

/** Waits for a form's validation messages: its fields marked invalid. */
const showsErrors = (scope: Page | Locator) => shows(scope.locator('[aria-invalid="true"]').first());

const size = (viewport: Viewport) => (viewport === PHONE ? 'phone' : 'desktop');

async function sendStory(page: Page) {
  await composer(page).fill(STORY);
  await composer(page).press('Enter');
  await page.locator('article[data-role="assistant"][data-message-id]').last().waitFor();
  await page.locator('article[aria-busy="true"]').waitFor({ state: 'detached' });
  await shows(page.getByRole('button', { name: 'Send' }));
}

describe.each(['light', 'dark'] as const)('axe, %s theme', (scheme) => {
  const check = (page: Page, label: string) => expectAccessible(page, `${label} (${scheme})`);

  it('public pages, logged out, on desktop and phone', { timeout: 180_000 }, async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const at = size(viewport);
      const { context, page } = await pageIn(scheme, { viewport });
      await visit(page, '/', page.getByRole('heading', { level: 1 }));
      await check(page, `landing, ${at}`);

      await visit(page, '/auth', page.getByRole('tab', { name: 'Login' }));
      await check(page, `/auth login, ${at}`);
      await page.getByRole('button', { name: 'Log in' }).click();
      await showsErrors(page.getByRole('tabpanel'));
      await check(page, `/auth login with errors, ${at}`);
      await page.getByRole('tab', { name: 'Register' }).click();
      await shows(page.getByLabel('Confirm Password'));
      await check(page, `/auth register, ${at}`);
      await page.getByLabel('Username').fill('a');
      await page.getByLabel('Email').fill('not-an-address');
      await page.getByRole('button', { name: 'Create account' }).click();
      await showsErrors(page.getByRole('tabpanel'));
      await check(page, `/auth register with errors, ${at}`);

      await visit(page, '/forgot-password', page.getByRole('heading', { level: 1 }));
      await check(page, `/forgot-password, ${at}`);
      await page.locator('form button[type="submit"]').click();
      await showsErrors(page);
      await check(page, `/forgot-password with errors, ${at}`);

      await visit(page, '/reset-password?token=abc', page.getByRole('heading', { level: 1 }));
      await check(page, `/reset-password, ${at}`);
      await page.locator('form button[type="submit"]').click();
      await showsErrors(page);
      await check(page, `/reset-password with errors, ${at}`);

      await visit(page, '/contact', page.getByRole('heading', { name: 'Contact us' }));
      await check(page, `/contact, ${at}`);
      await page.getByRole('button', { name: 'Send Message' }).click();
      await showsErrors(page);
      await check(page, `/contact with errors, ${at}`);

      await visit(page, '/accept-invitation?token=no-such-token', page.getByRole('heading', { level: 1 }));
      await check(page, `/accept-invitation with an unknown token, ${at}`);

      await visit(page, '/no-such-page', page.getByRole('heading', { level: 1 }));
      await check(page, `404, ${at}`);
      await context.close();
    }
  });

  it('signed-in pages without a plan: landing, /subscribe, /success, /settings and their dialogs', { timeout: 180_000 }, async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const at = size(viewport);
      const account = await register('axe');
      const { context, page } = await pageIn(scheme, { viewport, as: account });
      await visit(page, '/', page.getByRole('heading', { level: 1 }));
      await check(page, `landing signed in, ${at}`);
      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await shows(page.getByRole('dialog').getByRole('navigation', { name: 'Main' }));
        await check(page, `site menu, ${at}`);
        await page.keyboard.press('Escape');
      }

      await visit(page, '/subscribe', page.getByRole('heading', { name: 'Start your free trial' }));
      await check(page, `/subscribe, ${at}`);

      await page.getByRole('button', { name: 'Help' }).click();
      await shows(page.getByText('Need a hand?'));
      await check(page, `help menu, ${at}`);
      await page.keyboard.press('Escape');

      await visit(page, '/success', page.getByRole('heading', { name: 'We could not confirm your subscription yet' }));
      await check(page, `/success without a subscription, ${at}`);

      await visit(page, '/settings', page.getByRole('heading', { name: 'Account Information' }));
      await check(page, `/settings without a plan, ${at}`);
      await page.getByRole('button', { name: 'Change Password' }).click();
      await showsErrors(page);
      await check(page, `/settings password errors, ${at}`);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await shows(page.getByRole('alertdialog', { name: 'Sign out?' }));
      await check(page, `/settings sign-out confirmation, ${at}`);
      await page.keyboard.press('Escape');
      await hides(page.getByRole('alertdialog'));

      // The keyboard shortcuts dialog, opened with '?' outside a text field.
      await page.locator('body').click({ position: { x: 2, y: 2 } });
      await page.keyboard.press('?');
      const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await shows(shortcuts);
      await check(page, `keyboard shortcuts, ${at}`);
      await page.keyboard.press('Escape');
      await hides(shortcuts);

      await visit(page, '/team', page.getByRole('heading', { name: 'Create Team' }));
      await check(page, `/team without a team, ${at}`);

      await visit(page, '/admin', page.getByRole('heading', { name: 'Not allowed' }));
      await check(page, `/admin as a non-admin, ${at}`);

      await visit(page, '/chat/no-such-page', page.getByRole('heading', { level: 1 }));
      await check(page, `404 signed in, ${at}`);

      // On a trial: the welcome on /success and the cancellation in settings.
      expect(
        (
          await context.request.post(`${suite.server.url}/api/create-subscription`, { data: {}, headers: appOrigin(suite.server.url) })
        ).status(),
      ).toBe(200);
      await visit(page, '/success?setup_intent=seti_axe&redirect_status=succeeded', page.getByRole('list', { name: 'Your benefits' }));
      await check(page, `/success on a trial, ${at}`);
      await visit(page, '/settings', page.getByRole('heading', { name: 'Account Information' }));
      await shows(page.getByRole('region', { name: 'Subscription' }).getByText('trialing', { exact: true }));
      await check(page, `/settings on a trial, ${at}`);
      await page.getByRole('region', { name: 'Subscription' }).getByRole('button', { name: 'Cancel Subscription' }).click();
      await shows(page.getByRole('alertdialog', { name: 'Cancel your subscription?' }));
      await check(page, `/settings cancel confirmation, ${at}`);
      await page.keyboard.press('Escape');
      await context.close();
    }
  });

  it('/chat: empty, a reply with edits, its dialogs and popovers, the pinned panel', { timeout: 180_000 }, async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const at = size(viewport);
      const account = await register('axechat', { plan: true });
      const { context, page } = await pageIn(scheme, { viewport, as: account });
      await visit(page, '/chat', composer(page));
      await check(page, `/chat empty, ${at}`);

      await page.getByRole('button', { name: 'Upload Document' }).click();
      await shows(page.getByRole('dialog', { name: 'Upload Document' }));
      await check(page, `upload popover, ${at}`);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'About the editor' }).click();
      await shows(page.getByText('About the editor', { exact: true }));
      await check(page, `about the editor, ${at}`);
      await page.keyboard.press('Escape');

      await sendStory(page);
      const reply = page.locator('article[data-role="assistant"]').last();
      const edits = reply.getByRole('region', { name: /^Edits \(\d+\)$/ });
      await shows(edits);
      await check(page, `/chat with a reply and its edits, ${at}`);
      // A rejected edit is drawn greyed out; it still has to be read.
      await edits.getByRole('listitem').first().getByRole('button', { name: 'Reject' }).click();
      await expect
        .poll(() => edits.getByRole('listitem').first().getByRole('button', { name: 'Reject' }).getAttribute('aria-pressed'))
        .toBe('true');
      await check(page, `/chat with a rejected edit, ${at}`);

      await reply.getByRole('button', { name: 'Compare drafts side by side' }).click();
      await shows(page.getByRole('dialog', { name: 'Side-by-side comparison' }));
      await check(page, `comparison dialog, ${at}`);
      await page.keyboard.press('Escape');
      await hides(page.getByRole('dialog'));

      await reply.getByRole('button', { name: 'Pin message' }).click();
      const panel = page.getByRole('complementary', { name: 'Pinned references' });
      if (viewport === PHONE && !(await panel.isVisible())) {
        await page.getByRole('button', { name: /^Show pinned references/ }).click();
      }
      await shows(panel);
      await check(page, `pinned panel, ${at}`);
      await panel.getByRole('button', { name: 'Clear all' }).click();
      await shows(page.getByRole('alertdialog'));
      await check(page, `clear pins confirmation, ${at}`);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
      await hides(page.getByRole('alertdialog'));

      if (viewport === PHONE) {
        if (await panel.isVisible())
          await panel
            .getByRole('button', { name: /Close pinned references|Collapse pinned references/ })
            .first()
            .click();
        await page.getByRole('button', { name: 'Open conversations' }).click();
        await shows(page.getByRole('dialog', { name: 'Conversations' }));
        await check(page, `conversations drawer, ${at}`);
        await page.keyboard.press('Escape');
        await hides(page.getByRole('dialog'));
      }

      await page.locator('body').click({ position: { x: 2, y: 2 } });
      await page.keyboard.press('?');
      const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await shows(shortcuts);
      await check(page, `keyboard shortcuts in chat, ${at}`);
      await page.keyboard.press('Escape');
      await hides(shortcuts);

      if (viewport === DESKTOP) {
        // Search: a conversation whose messages match, with the matched words marked, then no match at all.
        const search = page.getByRole('searchbox', { name: 'Search conversations' });
        await search.fill('grant');
        await shows(page.getByRole('list', { name: /^Messages in / }).first()).catch(async (e: unknown) => {
          // Seen once in about thirty runs: say what the list showed, and whether a dialog left it hidden, so the next one can be read.
          const shown = await page.locator('nav[aria-label="Conversations"]').evaluate((nav: HTMLElement) => ({
            text: nav.innerText.slice(0, 300),
            hiddenBy: nav.closest('[aria-hidden="true"], [inert]')?.outerHTML.slice(0, 120) ?? null,
          }));
          throw new Error(`no message listed for "grant"; the conversations list shows ${JSON.stringify(shown)}`, { cause: e });
        });
        await check(page, `conversation search, ${at}`);
        await search.fill('quokkas');
        await shows(page.getByText('No conversations found for "quokkas"'));
        await check(page, `conversation search without results, ${at}`);
        await search.fill('');
      }

      await putInSuspendedTeam(suite.server, account.email, 'Harbor Gazette');
      await composer(page).fill(STORY);
      await composer(page).press('Enter');
      await shows(page.getByRole('alertdialog', { name: 'Team Access Suspended' }));
      await check(page, `team suspended dialog, ${at}`);
      await context.close();
    }
  });

  it('/team with a member and an invitation, its dialogs, and /accept-invitation', { timeout: 180_000 }, async () => {
    const owner = await register('axeowner');
    const member = await register('axemember');
    const invitee = await register('axeinvitee');
    const ownerSession = await pageIn(scheme, { as: owner });
    const memberSession = await pageIn(scheme, { as: member });
    const team = await createTeamByApi(ownerSession.context, suite.server.url, `${owner.username} Desk`);
    await setTeam(suite.server, team.id, { subscriptionStatus: 'active', subscriptionPlan: 'professional' });
    let since = suite.server.smtp.received.length;
    await inviteByApi(ownerSession.context, suite.server.url, member.email);
    const { token: memberToken } = invitationLinkIn(await suite.server.smtp.waitFor(member.email, since, LINKS.invitation));
    await acceptByApi(memberSession.context, suite.server.url, memberToken);
    since = suite.server.smtp.received.length;
    await inviteByApi(ownerSession.context, suite.server.url, invitee.email);
    const { link } = invitationLinkIn(await suite.server.smtp.waitFor(invitee.email, since, LINKS.invitation));

    for (const viewport of [DESKTOP, PHONE]) {
      const at = size(viewport);
      const { page } = ownerSession;
      await page.setViewportSize(viewport);
      await visit(page, '/team', page.getByRole('list', { name: 'Pending invitations' }));
      await check(page, `/team as owner, ${at}`);
      await page.getByRole('button', { name: 'Send Invitation', exact: true }).click();
      await showsErrors(page);
      await check(page, `/team invite errors, ${at}`);
      if (viewport === DESKTOP) {
        await page.getByRole('button', { name: 'Manage Subscription' }).click();
        await shows(page.getByRole('dialog', { name: 'Team subscription' }));
        await check(page, `team subscription dialog, ${at}`);
        await page.keyboard.press('Escape');
        await hides(page.getByRole('dialog'));
        for (const [button, dialog] of [
          ['Make owner', `Make ${member.username} the owner?`],
          [`Remove ${member.username}`, `Remove ${member.username}?`],
          [`Cancel invitation to ${invitee.email}`, 'Cancel this invitation?'],
        ] as const) {
          await page.getByRole('button', { name: button }).click();
          await shows(page.getByRole('alertdialog', { name: dialog }));
          await check(page, `${dialog} dialog, ${at}`);
          await page.keyboard.press('Escape');
          await hides(page.getByRole('alertdialog'));
        }
      }

      await memberSession.page.setViewportSize(viewport);
      await visit(memberSession.page, '/team', memberSession.page.getByRole('heading', { name: 'Leave team' }));
      await check(memberSession.page, `/team as a member, ${at}`);
      if (viewport === DESKTOP) {
        await memberSession.page.getByRole('button', { name: 'Leave team' }).click();
        await shows(memberSession.page.getByRole('alertdialog'));
        await check(memberSession.page, `leave team dialog, ${at}`);
        await memberSession.page.keyboard.press('Escape');
      }

      const guest = await pageIn(scheme, { viewport });
      await visit(guest.page, link, guest.page.getByRole('heading', { name: 'Team Invitation' }));
      await check(guest.page, `/accept-invitation logged out, ${at}`);
      await guest.context.close();

      const invited = await pageIn(scheme, { viewport, as: invitee });
      await visit(invited.page, link, invited.page.getByRole('button', { name: 'Accept Invitation' }));
      await check(invited.page, `/accept-invitation signed in, ${at}`);
      // The same invitation offered on /subscribe.
      await visit(invited.page, '/subscribe', invited.page.getByRole('dialog'));
      await check(invited.page, `pending invitations dialog on /subscribe, ${at}`);
      await invited.context.close();
    }
    await ownerSession.context.close();
    await memberSession.context.close();
  });

  it('/stylebook: empty, with an entry, its dialogs, and read-only for a team member', { timeout: 180_000 }, async () => {
    const account = await register('axestyle');
    const { context, page } = await pageIn(scheme, { as: account });
    await visit(page, '/stylebook', page.getByRole('heading', { name: 'No entries yet' }));
    await check(page, `/stylebook empty, desktop`);

    await page.getByRole('button', { name: 'Add entry' }).click();
    const add = page.getByRole('dialog', { name: 'Add entry' });
    await add.getByRole('button', { name: 'Add Entry' }).click();
    await showsErrors(add);
    await check(page, `stylebook add entry with errors, desktop`);
    await add.getByLabel('Term').fill('Wilkes-Barre');
    await add.getByLabel('Variants it replaces').fill('Wilkes Barre');
    await add.getByLabel('Note').fill('The city is hyphenated.');
    await add.getByRole('button', { name: 'Add Entry' }).click();
    await hides(add);
    // The toast is a layer of its own: once it is up, the next dialog opens above it and Escape closes that dialog.
    await shows(page.getByRole('status').filter({ hasText: 'Entry added' }));
    const entries = page.getByRole('list', { name: 'Stylebook entries' });
    await shows(entries);
    await check(page, `/stylebook with an entry, desktop`);

    await page.getByRole('button', { name: 'Edit Wilkes-Barre' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Wilkes-Barre' });
    // Avoid shows the replacement field; the radio itself is drawn by its label.
    await edit.locator('label', { hasText: 'Avoid' }).click();
    await shows(edit.getByLabel('Write instead'));
    await check(page, `stylebook edit entry, desktop`);
    await page.keyboard.press('Escape');
    await hides(page.getByRole('dialog'));

    await page.getByRole('button', { name: 'Delete Wilkes-Barre' }).click();
    await shows(page.getByRole('alertdialog', { name: 'Delete Wilkes-Barre?' }));
    await check(page, `stylebook delete confirmation, desktop`);
    await page.keyboard.press('Escape');
    await hides(page.getByRole('alertdialog'));

    await page.getByRole('button', { name: 'Import' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import entries' });
    await importDialog.getByLabel('File to import').setInputFiles({
      name: 'house.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('type,term,variants,replacement,reason,case\r\nperhaps,Foo,,,,\r\n'),
    });
    await shows(importDialog.getByRole('alert'));
    await check(page, `stylebook import errors, desktop`);
    await page.keyboard.press('Escape');
    await hides(importDialog);

    await page.setViewportSize(PHONE);
    await visit(page, '/stylebook', entries);
    await check(page, `/stylebook with an entry, phone`);

    // In a team the person does not own, the team's stylebook is read-only.
    await putInSuspendedTeam(suite.server, account.email, 'Harbor Gazette');
    await visit(page, '/stylebook', page.getByRole('heading', { name: 'Harbor Gazette stylebook' }));
    await shows(page.getByText('The team owner and team editors keep this stylebook', { exact: false }));
    await check(page, `/stylebook read-only, phone`);
    await context.close();
  });

  it('/admin: users, teams and audit panels and their dialogs', { timeout: 180_000 }, async () => {
    const owner = await register('axeteamowner');
    const ownerSession = await pageIn(scheme, { as: owner });
    await createTeamByApi(ownerSession.context, suite.server.url, `${owner.username} Desk`);
    await ownerSession.context.close();

    for (const viewport of [DESKTOP, PHONE]) {
      const at = size(viewport);
      const { context, page } = await pageIn(scheme, { viewport, as: ADMIN });
      await visit(page, '/admin', usersList(page));
      await shows(rowWith(teamsList(page), owner.username));
      await shows(page.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem').first());
      await check(page, `/admin, ${at}`);
      if (viewport === PHONE) {
        await context.close();
        continue;
      }

      const dialogs: Array<[string, Locator, Locator]> = [
        ['Create New User', page.getByRole('button', { name: 'Add User' }), dialogNamed(page, 'Create New User')],
        ['Edit User', rowWith(usersList(page), owner.email).getByRole('button', { name: 'Edit user' }), dialogNamed(page, 'Edit User')],
        [
          'Delete User',
          rowWith(usersList(page), owner.email).getByRole('button', { name: 'Delete user' }),
          confirmNamed(page, 'Delete User'),
        ],
        ['Create Team', page.getByRole('button', { name: 'Create Team' }), dialogNamed(page, 'Create Team')],
        ['Edit Team', rowWith(teamsList(page), owner.username).getByRole('button', { name: 'Edit team' }), dialogNamed(page, 'Edit Team')],
        [
          'Invite Team Member',
          rowWith(teamsList(page), owner.username).getByRole('button', { name: 'Invite member' }),
          dialogNamed(page, 'Invite Team Member'),
        ],
        [
          'Team Members & Invitations',
          rowWith(teamsList(page), owner.username).getByRole('button', { name: 'Manage members and invitations' }),
          dialogNamed(page, 'Team Members & Invitations'),
        ],
        [
          'Delete Team',
          rowWith(teamsList(page), owner.username).getByRole('button', { name: 'Delete team' }),
          confirmNamed(page, 'Delete Team'),
        ],
      ];
      for (const [name, open, dialog] of dialogs) {
        await open.click();
        await shows(dialog);
        await page.waitForLoadState('networkidle');
        await check(page, `admin ${name} dialog, ${at}`);
        const submit = dialog.locator('form button[type="submit"]');
        if (name.startsWith('Create') && (await submit.count()) === 1) {
          await submit.click();
          await showsErrors(dialog);
          await check(page, `admin ${name} dialog with errors, ${at}`);
        }
        await page.keyboard.press('Escape');
        await hides(dialog);
      }
      await context.close();
    }
  });
});
