import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stylebookEntryInput, type StylebookEntry, type StylebookEntryInput } from '../../../shared/schemas/stylebook';
import { analyze } from '../analyze';
import { stopHarper, warmHarper } from '../harper/client';
import { rewrite } from '../rewrite';
import { compileStylebook } from './compile';

const book = (...inputs: StylebookEntryInput[]) =>
  compileStylebook(inputs.map((input, i): StylebookEntry => ({ id: i + 1, ...stylebookEntryInput.parse(input) })));

const WILKES_BARRE: StylebookEntryInput = {
  type: 'prefer',
  term: 'Wilkes-Barre',
  variants: ['Wilkes Barre', 'Wilkesbarre'],
  note: 'The city is hyphenated.',
};

describe('stylebook matching', () => {
  it('finds variants word by word, across line breaks, and not the preferred term itself', () => {
    const sb = book(WILKES_BARRE);
    const text = 'Wilkes Barre and Wilkes-Barre and\nWilkes  Barre and wilkesbarre.';
    const found = sb.occurrences(text).map((o) => [text.slice(o.start, o.end), o.role]);
    expect(found).toEqual([
      ['Wilkes Barre', 'hit'],
      ['Wilkes-Barre', 'protected'],
      ['Wilkes  Barre', 'hit'],
      ['wilkesbarre', 'hit'],
    ]);
  });

  it('matches whole words only, and a case-sensitive entry only in its own case', () => {
    const sb = book({ type: 'avoid', term: 'Ave', caseSensitive: true, note: 'Spell out.' }, { type: 'avoid', term: 'slam' });
    const text = 'Slammed on Park ave, the AVE and Ave were slam dunks; SLAM.';
    expect(sb.occurrences(text).map((o) => text.slice(o.start, o.end))).toEqual(['Ave', 'slam', 'SLAM']);
  });

  it('prefers the longer phrase where two overlap, and keeps punctuation a term carries', () => {
    const sb = book(
      { type: 'avoid', term: 'school' },
      { type: 'accept', term: 'Blackwood Area School District' },
      { type: 'avoid', term: 'U.S.' },
    );
    const text = 'The Blackwood Area School District and the school. The U.S. and US.';
    expect(sb.occurrences(text).map((o) => text.slice(o.start, o.end))).toEqual(['Blackwood Area School District', 'school', 'U.S.']);
  });

  it('compiles 5,000 entries once and matches a long story with them', () => {
    const entries = Array.from({ length: 5000 }, (_, i) => ({ type: 'avoid' as const, term: `zq${i.toString(36)} term` }));
    const sb = book(...entries);
    const text = `${'The council met on Tuesday. '.repeat(200)}zq1 term and zq3v term.`;
    expect(sb.occurrences(text).map((o) => o.entry.term)).toEqual(['zq1 term', 'zq3v term']);
  });
});

describe('analyze and rewrite with a stylebook', () => {
  beforeAll(() => warmHarper(), 60_000);
  afterAll(() => stopHarper());

  const STORY =
    'Officials in Wilkes Barre said the plan costs more. "I love Wilkes Barre," Mayor Ana Oyelaranwu said. Unemployment rose 5 per cent, and the festival sold haluski, Oyelaranwu said.';

  it('reports a variant outside quotations as a house style finding with the entry’s note and term', async () => {
    const sb = book(WILKES_BARRE);
    const { findings } = await analyze(STORY, { waitForGrammar: true, stylebook: sb });
    const house = findings.filter((f) => f.ruleId.startsWith('house/'));
    expect(house).toHaveLength(1);
    expect(house[0]).toMatchObject({
      ruleId: 'house/1',
      category: 'style',
      text: 'Wilkes Barre',
      suggestion: 'Wilkes-Barre',
      explanation: 'The city is hyphenated.',
    });
    expect(house[0]!.start).toBe(STORY.indexOf('Wilkes Barre'));
  });

  it('lets house entries overrule AP and the spelling check', async () => {
    const without = await analyze(STORY, { waitForGrammar: true });
    const touched = (f: { text: string }) => f.text.includes('per cent') || f.text.includes('haluski');
    expect(
      without.findings
        .filter(touched)
        .map((f) => f.ruleId)
        .sort(),
    ).toEqual(['grammar/spelling', 'style/percentages']);
    const sb = book(
      { type: 'prefer', term: 'per cent', variants: ['percent'], note: 'The paper writes per cent.' },
      { type: 'accept', term: 'haluski' },
    );
    const { findings } = await analyze(STORY, { waitForGrammar: true, stylebook: sb });
    expect(findings.filter(touched)).toEqual([]);
  });

  it('applies a preferred term in every quick action, never inside a quotation', async () => {
    const sb = book(WILKES_BARRE);
    for (const action of ['grammar', 'concise'] as const) {
      const result = await rewrite(STORY, action, { waitForGrammar: true, stylebook: sb });
      expect(result.text).toContain('Officials in Wilkes-Barre said');
      expect(result.text).toContain('"I love Wilkes Barre,"');
      expect(result.edits.find((e) => e.ruleId === 'house/1')).toMatchObject({
        before: 'Wilkes Barre',
        after: 'Wilkes-Barre',
        explanation: 'The city is hyphenated.',
      });
    }
  });

  it('suggests an avoided word’s replacement but leaves it to a person, in the case of the copy', async () => {
    const sb = book({ type: 'avoid', term: 'slammed', replacement: 'criticized', note: 'Say what they did.' });
    const text = 'Slammed by critics, the mayor left. Critics slammed the plan.';
    const { findings } = await analyze(text, { stylebook: sb });
    expect(findings.filter((f) => f.ruleId === 'house/1').map((f) => f.suggestion)).toEqual(['Criticized', 'criticized']);
    const result = await rewrite(text, 'professional', { stylebook: sb });
    expect(result.text).toContain('Critics slammed the plan.');
  });
});
