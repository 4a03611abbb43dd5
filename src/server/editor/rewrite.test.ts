import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopHarper, warmHarper } from './harper/client';
import { rewrite } from './rewrite';
import { findQuotes } from './text/quotes';
import { ACTIONS } from './types';

const STORY =
  'After a two-hour debate Monday, the budget was approved by the county board in order to fund 4 new jobs. Commissioner Ruth Abernathy stated the county recieved 300 comments at 7pm. "We are very excited in order to serve the the public, and its a past history we share," Mr. Abernathy said. “Our 4 staff will basically work at this point in time,” she said. The council approved a district for the riverfront Monday, a plan that the mayor said will draw a hotel, a grocery store and more than 200 apartments to land that has sat empty for years, though two members voted against it and argued that the city cannot afford it.';

const quoted = (text: string) => findQuotes(text).map((q) => text.slice(q.start, q.end));

describe('rewrite', () => {
  beforeAll(() => warmHarper(), 60_000);
  afterAll(() => stopHarper());

  it.each(ACTIONS)('%s never changes text inside straight or curly quotation marks', async (action) => {
    const result = await rewrite(STORY, action, { waitForGrammar: true });
    expect(quoted(result.text)).toEqual(quoted(STORY));
    for (const e of result.edits) expect(findQuotes(STORY).some((q) => e.start < q.contentEnd && e.end > q.contentStart)).toBe(false);
  });

  it.each(ACTIONS)('%s explains every edit with its rule', async (action) => {
    const result = await rewrite(STORY, action, { waitForGrammar: true });
    expect(result.edits.length).toBeGreaterThan(0);
    for (const e of result.edits) {
      expect(e.ruleId).toMatch(/^[a-z]+\/[a-z-]+$/);
      expect(e.explanation.length).toBeGreaterThan(20);
      expect(STORY.slice(e.start, e.end)).toBe(e.before);
    }
  });

  it('makes copy more concise: wordy phrases and passive voice', async () => {
    const { text } = await rewrite(STORY, 'concise', { waitForGrammar: true });
    expect(text).toContain('the county board approved the budget to fund');
    expect(text.length).toBeLessThan(STORY.length);
  });

  it('fixes grammar and AP style', async () => {
    const { text } = await rewrite(STORY, 'grammar', { waitForGrammar: true });
    expect(text).toContain('four new jobs');
    expect(text).toContain('at 7 p.m.');
    expect(text).toContain('received 300 comments');
    expect(text).toContain(' said. “Our 4 staff');
    expect(text).not.toContain('Mr. Abernathy said');
  });

  it('splits a long sentence for readability', async () => {
    const { text } = await rewrite(STORY, 'readability', { waitForGrammar: true });
    expect(text).toContain('sat empty for years. But two members voted against it');
  });

  it('returns empty text unchanged and rejects an unknown action', async () => {
    expect(await rewrite('', 'concise')).toEqual({ text: '', edits: [] });
    // @ts-expect-error an action the engine does not know
    await expect(rewrite('Some copy here.', 'shout')).rejects.toThrow(/Unknown action/);
  });
});
