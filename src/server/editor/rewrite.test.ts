import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { stopHarper, warmHarper } from './harper/client';
import { rewrite } from './rewrite';
import { ruleById, rules } from './rules/registry';
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

  it('makes copy more concise: cuts wordy phrases and leaves the voice to the writer', async () => {
    const { text } = await rewrite(STORY, 'concise', { waitForGrammar: true });
    expect(text).toContain('the budget was approved by the county board to fund');
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

  it('applies only the fixes of rules that declare them safe', async () => {
    const text = 'The plan was approved by the board in order to save money.';
    const { findings } = await analyze(text, { waitForGrammar: true });
    expect(findings.find((f) => f.ruleId === 'clarity/passive-voice')?.suggestion).toBe('The board approved the plan');
    for (const action of ACTIONS) {
      const result = await rewrite(text, action, { waitForGrammar: true });
      expect(result.edits.every((e) => ruleById.get(e.ruleId)?.autoFix)).toBe(true);
      expect(result.text).toContain('was approved by the board');
    }
  });

  it('rules that read the grammar checker declare their fixes unsafe', () => {
    const harper = rules.filter((r) => r.needsHarper);
    expect(harper.length).toBeGreaterThan(0);
    for (const r of harper) expect({ id: r.id, autoFix: r.autoFix }).toEqual({ id: r.id, autoFix: false });
  });

  it("never applies the grammar checker's suggestion on its own authority", async () => {
    const text = 'The council discused the plan on Monday.';
    const { findings } = await analyze(text, { waitForGrammar: true });
    expect(findings.some((f) => f.category === 'grammar' && f.text === 'discused')).toBe(true);
    for (const action of ACTIONS) expect((await rewrite(text, action, { waitForGrammar: true })).text).toBe(text);
    // the engine's own list of misspellings vouches for this one
    expect((await rewrite('The council recieved the plan on Monday.', 'grammar', { waitForGrammar: true })).text).toBe(
      'The council received the plan on Monday.',
    );
  });

  it('keeps datelines in AP form and never drops or doubles a sentence period', async () => {
    const dateline = 'SPRINGFIELD, Ill. (AP) — The lawmakers met on Tuesday, and the governor said she was back in Springfield, Ill.';
    expect((await rewrite(dateline, 'grammar', { waitForGrammar: true })).text).toBe(
      'SPRINGFIELD, Ill. (AP) — The lawmakers met on Tuesday, and the governor said she was back in Springfield, Illinois.',
    );
    expect((await rewrite('The shop is at 101 Main Street.', 'grammar', { waitForGrammar: true })).text).toBe(
      'The shop is at 101 Main St.',
    );
    expect((await rewrite('The store closed in Dec. It reopens in March.', 'grammar', { waitForGrammar: true })).text).toBe(
      'The store closed in December. It reopens in March.',
    );
  });

  it('writes apostrophes the way the copy does', async () => {
    expect((await rewrite("He don't know the answer.", 'grammar', { waitForGrammar: true })).text).toBe("He doesn't know the answer.");
  });

  it('returns empty text unchanged and rejects an unknown action', async () => {
    expect(await rewrite('', 'concise')).toEqual({ text: '', edits: [] });
    // @ts-expect-error an action the engine does not know
    await expect(rewrite('Some copy here.', 'shout')).rejects.toThrow(/Unknown action/);
  });
});
