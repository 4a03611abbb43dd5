import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRIDGE, BRIDGE_TRANSCRIPT } from '../../src/server/editor/respond/test-stories';
import { DESKTOP, loginByApi, newAccount, newPage, registerByApi, shows, toasts } from './support/browser';
import { composer, replies, userMessages } from './support/chat';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

describe('chat: quotes against an uploaded transcript', () => {
  it('shows which quotations of a pasted story the transcript has word for word, altered or not at all', async () => {
    const s = suite.server;
    const account = newAccount('sources');
    await registerByApi(s.url, account);
    await s.setSubscription(account.email, { subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
    const { context, page } = await newPage(suite.browser, s.url, DESKTOP);
    await loginByApi(context, s.url, account);
    await page.goto('/chat');
    await shows(composer(page));

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-sources-')), 'ortiz-interview.txt');
    fs.writeFileSync(file, BRIDGE_TRANSCRIPT);
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const popover = page.getByRole('dialog', { name: 'Upload Document' });
    await popover.locator('input[type="file"]').setInputFiles(file);
    await popover.getByRole('button', { name: 'Upload', exact: true }).click();
    await shows(toasts(page).getByText('File uploaded'));
    // The notice, then the transcript's own review.
    await expect.poll(() => replies(page).count()).toBe(2);

    await composer(page).fill(BRIDGE);
    await composer(page).press('Enter');
    await expect.poll(() => userMessages(page).count()).toBe(1);
    await page.locator('article[aria-busy="true"]').waitFor({ state: 'detached' });
    await expect.poll(() => replies(page).count()).toBe(3);

    const reply = replies(page).last();
    await shows(reply.getByRole('heading', { name: 'Quotes against your sources' }));
    const text = await reply.innerText();
    expect(text).toContain('I looked up 3 quotations in ortiz-interview.txt: 1 word for word, 1 altered, 1 not found.');
    expect(text).toMatch(
      /Word for word: “I will not raise property taxes … We have the money in the capital fund” is in ortiz-interview\.txt, line 6\./,
    );
    expect(text).toMatch(/Altered: “We have waited ten years for this bridge[^”]*” differs from ortiz-interview\.txt, line 4/);
    // The difference: the source's words struck through, the copy's in bold.
    const altered = reply.locator('li', { hasText: 'Altered:' });
    expect(await altered.locator('del, s').first().innerText()).toBe('a decade');
    expect(await altered.locator('strong', { hasText: 'ten years' }).count()).toBe(1);
    expect(text).toContain('Not found: “The state has promised to cover half of the cost” is in none of your sources.');
    await context.close();
  });
});
