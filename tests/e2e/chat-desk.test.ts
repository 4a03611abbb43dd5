import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, loginByApi, newAccount, newPage, registerByApi, shows } from './support/browser';
import { composer, replies, userMessages } from './support/chat';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

/**
 * A council story as a reporter files it: a season and a street capitalised the wrong way,
 * a possessive without its apostrophe, a "deciding vote" in a 5-2 vote, a council member's
 * opinion (attributed) and a misspelling in the lede's main noun phrase.
 */
const STORY = `CEDAR FALLS, Iowa — The Cedar Falls City Council approved a $9 million libary renovation Monday night in a 5-2 vote, ending a debate that began last Spring.

Council member Joan Hartley cast the deciding vote after months of hearings. Council member Mark Doyle, who voted against the plan with Rita Soto, said the city should have sought grants before borrowing the money.

The renovation adds a reading room for teenagers and replaces the heating system and the roof. The library will move to a temporary site on Main street while crews work, and the citys public works department will handle the move.

Library director Angela Morris told the council the building no longer meets the needs of the families who use it. Morris said attendance at children's story hours has doubled since 2019.

The city will repay the bonds over 20 years at a cost of about $41 a year for the average homeowner, finance director Paul Brandt said.

Mayor Diane Kessler said the council will review construction bids at its meeting on Nov. 18.`;

/** Sends a message and waits until the editor's answer to it is on screen, complete. */
async function ask(page: Page, text: string) {
  const before = await replies(page).count();
  const sent = await userMessages(page).count();
  await composer(page).fill(text);
  await composer(page).press('Enter');
  await expect.poll(() => userMessages(page).count()).toBe(sent + 1);
  await expect.poll(() => replies(page).count()).toBe(before + 1);
  await page.locator('article[aria-busy="true"]').waitFor({ state: 'detached' });
  await shows(page.getByRole('button', { name: 'Send', exact: true }));
  return replies(page).last();
}

/** A checklist line as the reader sees it, found by its label. */
const checklistLine = async (page: Page, label: string) =>
  (
    await replies(page)
      .last()
      .getByRole('listitem')
      .filter({ hasText: `${label} —` })
      .innerText()
  ).replace(/\s+/g, ' ');

describe('chat: answers a copy desk would give about a pasted story', () => {
  it('says no to AP style with the list, tells people from places, catches the tally and offers publishable headlines', async () => {
    const s = suite.server;
    const account = newAccount('desk');
    await registerByApi(s.url, account);
    await s.setSubscription(account.email, { subscriptionStatus: 'trialing', subscriptionPlan: 'professional' });
    const { context, page } = await newPage(suite.browser, s.url, DESKTOP);
    await loginByApi(context, s.url, account);
    await page.goto('/chat');
    await shows(composer(page));

    const review = await ask(page, STORY);
    await shows(review.getByRole('heading', { name: 'Editor’s review' }));

    // 1. The verdict is about the writer's story, not the revision the review offered.
    const style = await ask(page, 'Is this AP style?');
    await shows(style.getByRole('heading', { name: 'AP style: no' }));
    const verdict = style.locator('p', { hasText: /^No\./ });
    expect(await verdict.innerText()).toMatch(/^No\. 2 departures from AP style in \d+ words:$/);
    const departures = (await style.getByRole('listitem').allInnerTexts()).join('\n');
    expect(departures).toContain('“Spring” → “spring”');
    expect(departures).toContain('“street” → “Street”');

    // 2. The director is a person the story names, not a place; the tally contradicts "deciding vote".
    const missing = await ask(page, 'What’s missing?');
    await shows(missing.getByRole('heading', { name: 'What’s missing' }));
    expect(await checklistLine(page, 'Who')).toContain('Angela Morris');
    const where = await checklistLine(page, 'Where');
    expect(where).toContain('CEDAR FALLS, Iowa');
    expect(where).not.toMatch(/Morris|Angela/);
    const agrees = await checklistLine(page, 'Agrees with itself');
    expect(agrees).toMatch(/^❌ Agrees with itself — missing:/);
    expect(agrees).toContain('“deciding vote”');
    expect(agrees).toContain('5-2');

    // 3. Headlines: the opinion only as Doyle's, the lede's noun kept and spelled right.
    const headlines = await ask(page, 'Suggest headlines');
    await shows(headlines.getByRole('heading', { name: 'Headlines' }));
    const offered = (await headlines.getByRole('listitem').allInnerTexts()).map((h) => h.replace(/\s*\(\d+ characters\)$/, '').trim());
    expect(offered.length).toBeGreaterThan(0);
    for (const h of offered) {
      expect(h).not.toMatch(/libary|citys/i);
      if (/sought grants/i.test(h)) expect(h).toMatch(/\b(?:Doyle|council member)\b.*\bsays\b|\bsays\b.*\b(?:Doyle|council member)\b/i);
    }
    expect(offered.some((h) => /sought grants/i.test(h))).toBe(true);
    expect(offered.some((h) => /library renovation/i.test(h))).toBe(true);
    await context.close();
  });
});
