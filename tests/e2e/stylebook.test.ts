import fs from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STYLEBOOK_MESSAGES } from '../../src/shared/schemas/stylebook';
import { LINKS } from '../support/smtp-sink';
import { hides, shows, signedInPage, toasts, type Account } from './support/browser';
import { composer, replies, userMessages } from './support/chat';
import { serverAndBrowser } from './support/suite';
import { acceptByApi, createTeamByApi, invitationLinkIn, inviteByApi, setTeam } from './support/team-api';

/**
 * The house stylebook end to end: the owner keeps it on /stylebook, a member's copy is
 * reviewed and fixed by it (never inside a quotation), and the member sees it read-only.
 */

const suite = serverAndBrowser();

const NOTE = 'The city is hyphenated.';
const STORY = 'Officials in Wilkes Barre met Tuesday to approve the budget. "Wilkes Barre is home," Mayor Ann Cole said.';
const QUOTE = '"Wilkes Barre is home," Mayor Ann Cole said.';

interface Session {
  account: Account;
  context: BrowserContext;
  page: Page;
}

let owner: Session;
let member: Session;
let teamName: string;

beforeAll(async () => {
  const { server, browser } = suite;
  owner = await signedInPage(browser, server.url, { prefix: 'sbowner' });
  member = await signedInPage(browser, server.url, { prefix: 'sbmember' });
  teamName = `${owner.account.username} Gazette`;
  const team = await createTeamByApi(owner.context, server.url, teamName);
  await setTeam(server, team.id, { subscriptionStatus: 'active', subscriptionPlan: 'professional' });
  const since = server.smtp.received.length;
  await inviteByApi(owner.context, server.url, member.account.email);
  const { token } = invitationLinkIn(await server.smtp.waitFor(member.account.email, since, LINKS.invitation));
  await acceptByApi(member.context, server.url, token);
});

afterAll(async () => {
  await owner?.context.close();
  await member?.context.close();
});

const entries = (page: Page) => page.getByRole('list', { name: 'Stylebook entries' });
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return (
      el?.getAttribute('aria-label') ?? (el && 'labels' in el ? (el as HTMLInputElement).labels?.[0]?.textContent : null) ?? el?.innerText
    );
  });

/** Presses Tab until the focus is on `target` (at most `presses` times), as a keyboard user moves through a dialog. */
async function tabTo(page: Page, target: Locator, presses = 8) {
  for (let i = 0; i < presses && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  expect(await target.evaluate((el) => el === document.activeElement)).toBe(true);
}

/** Sends a message (or runs a quick action on the composer's copy) and waits for the whole reply. */
async function replyTo(page: Page, send: () => Promise<void>) {
  const before = await replies(page).count();
  const sent = await userMessages(page).count();
  await send();
  await expect.poll(() => userMessages(page).count()).toBe(sent + 1);
  await expect.poll(() => replies(page).count()).toBe(before + 1);
  await page.locator('article[aria-busy="true"]').waitFor({ state: 'detached' });
  await shows(page.getByRole('button', { name: 'Send', exact: true }));
  return replies(page).last();
}

describe('stylebook: kept by the owner, applied to a member’s copy', () => {
  it('the owner adds Wilkes-Barre for Wilkes Barre with a note, from the keyboard', async () => {
    const { page } = owner;
    await page.goto('/stylebook');
    await shows(page.getByRole('heading', { level: 1, name: `${teamName} stylebook` }));
    // The empty stylebook explains its three kinds of entry.
    for (const kind of ['Prefer', 'Avoid', 'Accept']) await shows(page.getByRole('term').filter({ hasText: kind }));
    expect(await page.getByRole('button', { name: 'Export CSV' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Add entry' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add entry' });
    await shows(dialog);
    // The dialog opens on the term; Enter there sends the form, and the empty term is refused beside it.
    expect(await focusedName(page)).toBe('Term');
    await page.keyboard.press('Enter');
    await shows(dialog.getByText(STYLEBOOK_MESSAGES.termRequired));
    await page.keyboard.type('Wilkes-Barre');
    await tabTo(page, dialog.getByLabel('Variants it replaces'));
    expect(await dialog.getByRole('radio', { name: 'Prefer' }).isChecked()).toBe(true);
    await page.keyboard.type('Wilkes Barre');
    await tabTo(page, dialog.getByLabel('Note'));
    await page.keyboard.type(NOTE);
    await tabTo(page, dialog.getByRole('button', { name: 'Add Entry' }));
    await page.keyboard.press('Enter');

    await shows(toasts(page).getByText('Entry added'));
    await hides(dialog);
    expect(await focusedName(page)).toBe('Add entry');
    const row = entries(page).getByRole('listitem');
    expect(await row.count()).toBe(1);
    const text = await row.innerText();
    for (const part of ['Prefer', 'Wilkes-Barre', 'Replaces: Wilkes Barre', NOTE, 'Fired 0 times in the last 30 days'])
      expect(text).toContain(part);
  });

  it('a member’s review flags Wilkes Barre with the note; the quick action fixes it outside the quotation only', async () => {
    const { page } = member;
    await page.goto('/chat');
    await shows(composer(page));

    const review = await replyTo(page, async () => {
      await composer(page).fill(STORY);
      await composer(page).press('Enter');
    });
    // The finding under What to fix: the variant, the house spelling and the note as the reason.
    expect(await review.innerText()).toMatch(/“Wilkes Barre” → “Wilkes-Barre”\s+Why: The city is hyphenated\./);

    const fixed = await replyTo(page, async () => {
      await composer(page).fill(STORY);
      await page.getByRole('group', { name: 'Quick actions' }).getByRole('button', { name: 'Fix grammar and style' }).click();
    });
    const edits = fixed.getByRole('region', { name: /^Edits \(\d+\)$/ });
    await shows(edits);
    // One edit: the variant outside the quotation.
    expect(await edits.locator('ins').allInnerTexts()).toEqual(['Wilkes-Barre']);
    const revised = await fixed.innerText();
    expect(revised).toContain('Officials in Wilkes-Barre met Tuesday');
    expect(revised).toContain(QUOTE);
    expect(revised).not.toContain('"Wilkes-Barre is home,"');
  });

  it('the member reads the stylebook: no editing, the entry fired, the search narrows it', async () => {
    const { page } = member;
    // From the editor to the stylebook through the links, without loading a page.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stylebook' }).click();
    await shows(page.getByRole('heading', { level: 1, name: `${teamName} stylebook` }));
    await shows(page.getByText('The team owner and team editors keep this stylebook', { exact: false }));
    for (const name of ['Add entry', 'Import', 'Edit Wilkes-Barre', 'Delete Wilkes-Barre'])
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    const fired = /Fired (\d+) times? in the last 30 days/.exec(await entries(page).getByRole('listitem').innerText());
    expect(Number(fired?.[1])).toBeGreaterThanOrEqual(1);

    const search = page.getByRole('searchbox', { name: 'Search the stylebook' });
    await search.fill('quokka');
    await shows(page.getByText('No entries match “quokka”.'));
    await search.fill('hyphenated');
    await shows(entries(page).getByText('Wilkes-Barre', { exact: true }));
  });

  it('the owner’s import saves nothing while a line is wrong, then all; export, edit and delete', async () => {
    const { page } = owner;
    await page.reload();
    await shows(entries(page));
    const header = 'type,term,variants,replacement,reason,case';
    const chooseFile = async (name: string, lines: string[]) => {
      await page
        .getByRole('dialog', { name: 'Import entries' })
        .getByLabel('File to import')
        .setInputFiles({
          name,
          mimeType: 'text/csv',
          buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
        });
    };

    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import entries' });
    await shows(dialog);
    await chooseFile('house.csv', [header, 'accept,Kleinschmidt,,,The commissioner.,', 'perhaps,Foo,,,,']);
    const refusal = dialog.getByRole('alert');
    await shows(refusal);
    expect(await refusal.innerText()).toContain('Nothing was saved');
    expect(await refusal.getByRole('listitem').allInnerTexts()).toEqual([`Line 3: type: ${STYLEBOOK_MESSAGES.type}`]);
    await page.keyboard.press('Escape');
    await hides(dialog);
    await page.reload();
    await shows(entries(page));
    expect(await entries(page).getByRole('listitem').count()).toBe(1);

    await page.getByRole('button', { name: 'Import' }).click();
    await chooseFile('house.csv', [
      header,
      'accept,Kleinschmidt,,,The commissioner.,',
      `prefer,Wilkes-Barre,Wilkes Barre|Wilkesbarre,,${NOTE},`,
    ]);
    await shows(toasts(page).getByText('Imported 2 entries (1 updated).'));
    await hides(dialog);
    await expect.poll(() => entries(page).getByRole('listitem').count()).toBe(2);
    await shows(entries(page).getByText('Replaces: Wilkes Barre, Wilkesbarre'));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('stylebook.csv');
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')).toEqual([
      header,
      'accept,Kleinschmidt,,,The commissioner.,',
      `prefer,Wilkes-Barre,Wilkes Barre|Wilkesbarre,,${NOTE},`,
      '',
    ]);

    await page.getByRole('button', { name: 'Edit Kleinschmidt' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Kleinschmidt' });
    await edit.getByLabel('Note').fill('The county commissioner.');
    await edit.getByRole('button', { name: 'Save Entry' }).click();
    await shows(toasts(page).getByText('Entry saved'));
    await shows(entries(page).getByText('The county commissioner.'));

    // Delete asks first; then the entry is gone.
    await page.getByRole('button', { name: 'Delete Kleinschmidt' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Kleinschmidt?' });
    await confirm.getByRole('button', { name: 'Delete Entry' }).click();
    await shows(toasts(page).getByText('Entry deleted'));
    await expect.poll(() => entries(page).getByRole('listitem').count()).toBe(1);
  });

  it('the owner imports Vale rules; another kind of file or rule is refused with the reason', async () => {
    const { page } = owner;
    await page.reload();
    await shows(entries(page));
    const choose = (name: string, text: string) =>
      page
        .getByRole('dialog', { name: 'Import entries' })
        .getByLabel('File to import')
        .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(text) });

    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import entries' });
    await choose('house.txt', 'Wilkes Barre');
    await shows(dialog.getByRole('alert').getByText('Choose a .csv file or Vale rules in a .yml or .yaml file.'));

    await choose('House.yml', 'extends: capitalization\nmatch: $title\n');
    const refusal = dialog.getByRole('alert');
    // The reason above gives way to the server's answer, line by line.
    await shows(refusal.getByRole('listitem').first());
    expect(await refusal.getByRole('listitem').allInnerTexts()).toEqual([
      'Line 1: Only substitution and existence rules can be imported, not "capitalization".',
    ]);

    await choose(
      'House.yaml',
      [
        'extends: substitution',
        `message: "Use '%s' instead of '%s'."`,
        'ignorecase: true',
        'swap:',
        '  Wilkes Barre|Wilkesbarre: Wilkes-Barre',
        '---',
        'extends: existence',
        `message: "Avoid '%s': say what they did."`,
        'tokens:',
        '  - slammed',
        '',
      ].join('\n'),
    );
    await shows(toasts(page).getByText('Imported 2 entries (1 updated).'));
    await hides(dialog);
    await expect.poll(() => entries(page).getByRole('listitem').count()).toBe(2);
    await shows(entries(page).getByText("Avoid 'slammed': say what they did."));
  });
});
