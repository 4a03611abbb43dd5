import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { stopHarper, warmHarper } from './harper/client';
import { rewrite } from './rewrite';
import { countWords } from './text/words';
import { ACTIONS, type Finding } from './types';

/**
 * Clean, professional wire copy (fixtures/clean-corpus, one story per file):
 * datelines, scores, ages, money, times, titles, appositives, section labels,
 * legal and anonymous-source wording done right. Do no harm: no quick action
 * may change a word of it, and the review may report at most one finding per
 * 1,000 words.
 */
const DIR = new URL('./fixtures/clean-corpus/', import.meta.url);
const STORIES = readdirSync(DIR)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .map((name) => ({ name, text: readFileSync(new URL(name, DIR), 'utf8') }));
const MAX_FINDINGS_PER_1000_WORDS = 1;

describe('clean-copy regression corpus', () => {
  beforeAll(() => warmHarper(), 60_000);
  afterAll(() => stopHarper());

  it('holds at least 30 stories and 8,000 words', () => {
    expect(STORIES.length).toBeGreaterThanOrEqual(30);
    expect(STORIES.reduce((n, s) => n + countWords(s.text), 0)).toBeGreaterThanOrEqual(8000);
  });

  it.each(STORIES)('no quick action changes $name', async ({ text }) => {
    for (const action of ACTIONS) {
      const result = await rewrite(text, action, { waitForGrammar: true });
      expect({ action, edits: result.edits }).toEqual({ action, edits: [] });
      expect(result.text).toBe(text);
    }
  });

  it(`the review reports at most ${MAX_FINDINGS_PER_1000_WORDS} finding per 1,000 words`, async () => {
    let words = 0;
    const findings: { story: string; finding: Finding }[] = [];
    for (const { name, text } of STORIES) {
      words += countWords(text);
      for (const finding of (await analyze(text, { waitForGrammar: true })).findings) findings.push({ story: name, finding });
    }
    const rate = (findings.length * 1000) / words;
    console.log(
      `clean corpus: ${STORIES.length} stories, ${words} words, ${findings.length} findings = ${rate.toFixed(2)} per 1,000 words` +
        findings.map(({ story, finding: f }) => `\n  ${story} ${f.ruleId}: "${f.text}"`).join(''),
    );
    expect(rate).toBeLessThanOrEqual(MAX_FINDINGS_PER_1000_WORDS);
  });
});
