import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, ADMIN_ENV, adminConsole, auditList, confirmNamed, expectToast, rowWith, teamsList, usersList } from './support/admin';
import { expectAccessible } from './support/axe';
import { hides, loginByApi, newAccount, newPage, registerByApi, shows } from './support/browser';
import { serverAndBrowser } from './support/suite';
import { setTeam } from './support/team-api';
import { putInSuspendedTeam } from './support/teams';

/** Issue 32, items 4 and 5: suspension explained wherever a member lands, and the admin's changes asked, explained and logged in words. */

const suite = serverAndBrowser({ env: ADMIN_ENV });

const SUSPENDED_TEXT = (team: string) => `Team "${team}" subscription is currently suspended. Get in touch with your team owner.`;

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}` : 'none';
  });

/** Presses Tab until the element named `name` has the focus, as a keyboard user would. */
async function tabTo(page: Page, name: string, most = 20) {
  for (let i = 0; i < most; i++) {
    if ((await focusedName(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${name}"; the focus is on ${await focusedName(page)}`);
}

const expectAxe = (page: Page, label: string) => expectAccessible(page, label);

describe('newsroom admin: a suspension, asked, explained and logged', () => {
  it(
    'the admin suspends a team from the keyboard, and its member reads why on /chat, /subscribe and /team',
    { timeout: 180_000 },
    async () => {
      const teamName = `Metro Desk ${Date.now().toString(36)}`;
      const member = newAccount('member');
      await registerByApi(suite.server.url, member);
      const team = await putInSuspendedTeam(suite.server, member.email, teamName);
      await setTeam(suite.server, team.id, { subscriptionStatus: 'active', subscriptionPlan: 'professional' });

      const { page, context } = await adminConsole(suite.browser, suite.server.url);
      await page.getByRole('searchbox', { name: 'Search teams' }).fill(teamName);
      const row = rowWith(teamsList(page), teamName);
      await shows(row.getByText('active', { exact: true }));

      // The row's button keeps the spec's title as its tooltip and names the team for a screen reader.
      const suspend = row.getByRole('button', { name: `Suspend team access for ${teamName}`, exact: true });
      expect(await suspend.getAttribute('title')).toBe('Suspend team access');
      await tabTo(page, `button Suspend team access for ${teamName}`);
      await page.keyboard.press('Enter');
      const confirm = confirmNamed(page, 'Suspend Team Access');
      await shows(confirm);
      await shows(confirm.getByText(teamName, { exact: true }));
      await shows(confirm.getByText('Access: active → suspended'));
      await shows(confirm.getByText(/^Members of .* lose access to the editor .* Billing does not change/));
      // An alert dialog starts on Cancel: Enter straight away changes nothing.
      await expect.poll(() => focusedName(page)).toBe('button Cancel');
      await expectAxe(page, 'Suspend Team Access dialog (light)');
      await page.keyboard.press('Tab');
      await expect.poll(() => focusedName(page)).toBe('button Suspend Access');
      await page.keyboard.press('Enter');
      await hides(confirm);
      await shows(row.getByText('suspended', { exact: true }));
      // The focus comes back to the row's button, which now offers the opposite.
      await expect.poll(() => focusedName(page)).toBe(`button Activate team access for ${teamName}`);
      await expectToast(page, 'Team subscription status updated successfully!');

      // The way back asks too, and says what activating does; Escape leaves it as it is.
      await page.emulateMedia({ colorScheme: 'dark' });
      await row.getByRole('button', { name: `Activate team access for ${teamName}` }).focus();
      await page.keyboard.press('Enter');
      const activate = confirmNamed(page, 'Activate Team Access');
      await shows(activate.getByText('Access: suspended → active'));
      await shows(activate.getByText(`Members of ${teamName} can use the editor again on their next request. Billing does not change.`));
      await expectAxe(page, 'Activate Team Access dialog (dark)');
      await page.keyboard.press('Escape');
      await hides(activate);
      await page.emulateMedia({ colorScheme: 'light' });

      // The audit log says what changed in words.
      const newest = auditList(page).getByRole('listitem').first();
      await shows(newest.getByText('Team access changed', { exact: true }));
      await shows(newest.getByText(teamName, { exact: false }));
      expect(await newest.innerText()).toContain('Subscription: active → suspended');
      expect(await newest.innerText()).not.toContain('subscriptionStatus');

      // The member's next page loads explain it: /chat leads to /subscribe, which says why.
      const memberSession = await newPage(suite.browser, suite.server.url);
      await loginByApi(memberSession.context, suite.server.url, member);
      const memberPage = memberSession.page;
      await memberPage.goto('/chat');
      await memberPage.waitForURL('**/subscribe');
      const notice = memberPage.getByRole('region', { name: 'Team Access Suspended' });
      await shows(notice.getByText(SUSPENDED_TEXT(teamName), { exact: true }));
      await shows(notice.getByText('You can start a free trial of your own below, or leave the team from your team page.'));
      await shows(memberPage.getByRole('button', { name: 'Start 7-Day Free Trial' }));
      await memberPage.reload();
      await shows(notice.getByText(SUSPENDED_TEXT(teamName), { exact: true }));
      await memberPage.waitForLoadState('networkidle');
      await expectAxe(memberPage, '/subscribe with a suspended team (light)');

      await notice.getByRole('link', { name: 'Open your team page' }).click();
      await memberPage.waitForURL('**/team');
      await shows(notice.getByText(SUSPENDED_TEXT(teamName), { exact: true }));
      await shows(notice.getByRole('link', { name: 'Subscribe personally' }));
      await shows(notice.getByRole('link', { name: 'Contact us' }));
      await shows(memberPage.getByRole('button', { name: 'Leave team' }));
      await memberPage.emulateMedia({ colorScheme: 'dark' });
      await memberPage.reload();
      await shows(notice.getByText(SUSPENDED_TEXT(teamName), { exact: true }));
      await memberPage.waitForLoadState('networkidle');
      await expectAxe(memberPage, '/team with a suspended team (dark)');
      await memberSession.context.close();

      // Gifting asks first and names the person and the change; deleting oneself is refused, with the reason.
      await page.getByRole('searchbox', { name: 'Search users' }).fill(member.email);
      const memberRow = rowWith(usersList(page), member.email);
      await memberRow.getByRole('button', { name: `Gift subscription to ${member.username}`, exact: true }).click();
      const gift = confirmNamed(page, 'Gift Subscription');
      await shows(gift.getByText(member.email, { exact: true }));
      await shows(gift.getByText('Subscription: inactive → active'));
      await shows(
        gift.getByText(
          `${member.username} gets the Professional Editor plan free for 30 days; it then ends on its own and is never charged.`,
        ),
      );
      await expectAxe(page, 'Gift Subscription dialog (light)');
      await gift.getByRole('button', { name: 'Cancel' }).click();
      await hides(gift);
      await shows(memberRow.getByText('inactive', { exact: true }));

      await page.getByRole('searchbox', { name: 'Search users' }).fill(ADMIN.email);
      await rowWith(usersList(page), ADMIN.email)
        .getByRole('button', { name: `Delete user ${ADMIN.username}`, exact: true })
        .click();
      const remove = confirmNamed(page, 'Delete User');
      await remove.getByRole('button', { name: 'Delete User' }).click();
      await expectToast(page, 'Failed to delete user', 'You cannot delete your own account.');
      await context.close();
    },
  );
});
