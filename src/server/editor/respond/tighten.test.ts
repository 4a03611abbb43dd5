import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopHarper, warmHarper } from '../harper/client';
import { STABBING, WATER_RATES, quotesIn, wordsIn } from './test-stories';
import { tighten } from './tighten';

const LEDE = STABBING.split('\n\n')[0]!;

/** Every surname the text uses alone is introduced in full somewhere in it. */
function namesIntroduced(text: string): boolean {
  for (const [surname, full] of [
    ['Haines', 'Derek Haines'],
    ['Ruiz', 'Ana Ruiz'],
    ['Beck', 'Tom Beck'],
    ['Crane', 'Lisa Crane'],
  ] as const) {
    if (text.includes(surname) && !text.includes(full)) return false;
  }
  return true;
}

describe('tighten', () => {
  beforeAll(() => warmHarper(), 60_000);
  afterAll(() => stopHarper());

  it.each([150, 200, 120])('cuts the story to within 10 percent of %i words, keeping the lede and every quote word for word', async (n) => {
    const t = await tighten(STABBING, { words: n, mode: 'about' }, { waitForGrammar: true });
    expect(t.status).toBe('done');
    expect(t.before).toBe(wordsIn(STABBING));
    expect(t.after).toBe(wordsIn(t.text));
    expect(Math.abs(t.after - n)).toBeLessThanOrEqual(n * 0.1);
    expect(t.text.startsWith(LEDE)).toBe(true);
    for (const quote of quotesIn(STABBING)) expect(t.text).toContain(quote);
    expect(namesIntroduced(t.text)).toBe(true);
    // what was cut is whole sentences of the copy
    for (const cut of t.cuts) {
      expect(STABBING).toContain(cut.text);
      expect(t.text).not.toContain(cut.text);
    }
  });

  it('cuts from the bottom up and keeps the other side’s response over background', async () => {
    const t = await tighten(STABBING, { words: 150, mode: 'about' }, { waitForGrammar: true });
    expect(t.text).toContain('His attorney, Mark Feld, did not return a call seeking comment.');
    expect(t.text).not.toContain('Riverside neighborhood');
    expect(t.text).not.toContain('The stabbing is the third downtown this year.');
  });

  it('keeps under a ceiling: “under 200 words” means 200 or fewer', async () => {
    const t = await tighten(STABBING, { words: 200, mode: 'max' }, { waitForGrammar: true });
    expect(t.after).toBeLessThanOrEqual(200);
    expect(t.after).toBeGreaterThanOrEqual(180);
  });

  it('says it cannot when the lede and the quotes alone are longer than the target, and gives the shortest version that keeps them', async () => {
    const t = await tighten(STABBING, { words: 40, mode: 'about' }, { waitForGrammar: true });
    expect(t.status).toBe('cannot');
    expect(t.kept.lede).toBe(wordsIn(LEDE));
    expect(t.kept.lede + t.kept.quotes).toBeGreaterThan(40);
    expect(t.after).toBeGreaterThan(44);
    expect(t.after).toBeLessThan(t.before);
    for (const quote of quotesIn(STABBING)) expect(t.text).toContain(quote);
  });

  it('leaves copy already under the target alone', async () => {
    const t = await tighten(STABBING, { words: 400, mode: 'about' });
    expect(t).toMatchObject({ status: 'already', before: wordsIn(STABBING), after: wordsIn(STABBING), text: STABBING, cuts: [] });
  });

  it('compresses wordy phrases with the safe fixes and may cut a quote only when the review flags it as weak', async () => {
    const t = await tighten(WATER_RATES, { words: 60, mode: 'about' }, { waitForGrammar: true });
    expect(t.status).toBe('done');
    expect(Math.abs(t.after - 60)).toBeLessThanOrEqual(6);
    expect(t.text).toContain('The utility needs the money to replace pipes');
    expect(t.edits.map((e) => [e.before, e.after])).toContainEqual(['in order to', 'to']);
    const cutQuote = t.cuts.find((c) => c.text.includes('We are excited'));
    expect(cutQuote?.weakQuote).toBe(true);
  });
});
