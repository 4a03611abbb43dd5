import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, loginByApi, newAccount, newPage, registerByApi, shows } from './support/browser';
import { serverAndBrowser } from './support/suite';
import { composer } from './support/chat';

// Two slips the embedded editor fixes: a misspelling and money in words rather than AP's figures.
const STORY =
  'The library recieved a grant from the state last month, officials said. The new wing will cost 5 million dollars and open in the spring, according to the director.';
const REVISED =
  'The library received a grant from the state last month, officials said. The new wing will cost $5 million and open in the spring, according to the director.';
const SPELLING_ONLY =
  'The library received a grant from the state last month, officials said. The new wing will cost 5 million dollars and open in the spring, according to the director.';

const suite = serverAndBrowser();

const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

async function openChatWithReply(): Promise<{ page: Page; close: () => Promise<void> }> {
  const s = suite.server;
  const account = newAccount('edits');
  await registerByApi(s.url, account);
  await s.setSubscription(account.email, { subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
  const { context, page } = await newPage(suite.browser, s.url, DESKTOP);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.url });
  await loginByApi(context, s.url, account);
  await page.goto('/chat');
  await shows(composer(page));
  await composer(page).fill(STORY);
  await composer(page).press('Enter');
  await page.locator('article[data-role="assistant"][data-message-id]').waitFor();
  await page.locator('article[aria-busy="true"]').waitFor({ state: 'detached' });
  return { page, close: () => context.close() };
}

describe('chat: accepting and rejecting each edit', () => {
  it('lists the edits, rejects one from the keyboard, and the revised text, comparison and copy follow the choice', async () => {
    const { page, close } = await openChatWithReply();
    const reply = page.locator('article[data-role="assistant"]').last();
    expect(await reply.innerText()).toContain(REVISED);

    const edits = reply.getByRole('region', { name: /^Edits \(\d+\)$/ });
    await shows(edits);
    const items = edits.getByRole('listitem');
    const spelling = items.filter({ hasText: 'recieved' });
    const money = items.filter({ hasText: '5 million dollars' });
    expect(await spelling.count()).toBe(1);
    expect(await money.count()).toBe(1);
    // Each edit reads as a phrase: the money edit holds the whole amount on both sides.
    expect(await money.locator('del').innerText()).toBe('5 million dollars');
    expect(await money.locator('ins').innerText()).toBe('$5 million');
    expect(await spelling.locator('ins').innerText()).toBe('received');
    // All accepted by default.
    for (const item of [spelling, money]) {
      expect(await item.getByRole('button', { name: 'Accept' }).getAttribute('aria-pressed')).toBe('true');
      expect(await item.getByRole('button', { name: 'Reject' }).getAttribute('aria-pressed')).toBe('false');
    }

    // From 'Accept all', Tab moves through real buttons to the money edit's Reject; Space presses it.
    const rejectMoney = money.getByRole('button', { name: 'Reject' });
    await edits.getByRole('button', { name: 'Accept all' }).focus();
    for (let presses = 0; presses < 12 && !(await isFocused(rejectMoney)); presses++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
    }
    expect(await isFocused(rejectMoney)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => rejectMoney.getAttribute('aria-pressed')).toBe('true');
    expect(await money.getByRole('button', { name: 'Accept' }).getAttribute('aria-pressed')).toBe('false');
    expect(await spelling.getByRole('button', { name: 'Accept' }).getAttribute('aria-pressed')).toBe('true');
    await shows(edits.getByText(/^1 of 2 accepted/));

    // The revised text in the reply is the original with only the accepted edit.
    await expect.poll(() => reply.innerText()).toContain(SPELLING_ONLY);
    expect(await reply.innerText()).not.toContain(REVISED);

    // Copy result copies exactly that.
    await edits.getByRole('button', { name: 'Copy result' }).click();
    await shows(edits.getByRole('button', { name: 'Copied' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SPELLING_ONLY);

    // The comparison follows the choice: the rejected edit is no change at all.
    await reply.getByRole('button', { name: 'Compare drafts side by side' }).click();
    const dialog = page.getByRole('dialog', { name: 'Side-by-side comparison' });
    await shows(dialog);
    const revised = dialog.getByRole('region', { name: 'Revised' });
    expect(await revised.innerText()).toContain(SPELLING_ONLY);
    expect(await revised.locator('ins').allInnerTexts()).toEqual(['received']);
    expect(await dialog.getByRole('region', { name: 'Original' }).locator('del').allInnerTexts()).toEqual(['recieved']);
    const changes = dialog.getByRole('region', { name: 'What changed' }).getByRole('listitem');
    expect(await changes.count()).toBe(1);
    expect(await changes.first().innerText()).toContain('recieved → received');
    await dialog.getByRole('button', { name: 'Copy revised text' }).click();
    await shows(dialog.getByRole('button', { name: 'Copied' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SPELLING_ONLY);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    // Reject all gives back the original; Accept all the editor's revision, exactly.
    await edits.getByRole('button', { name: 'Reject all' }).click();
    await expect.poll(() => reply.innerText()).toContain(STORY);
    expect(await spelling.getByRole('button', { name: 'Reject' }).getAttribute('aria-pressed')).toBe('true');
    await edits.getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(() => reply.innerText()).toContain(REVISED);
    await shows(edits.getByText('All accepted.'));
    await close();
  });
});
