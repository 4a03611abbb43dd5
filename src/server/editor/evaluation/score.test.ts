import { describe, expect, it } from 'vitest';
import type { Finding } from '../types';
import { formatScore, parseCorpus, score } from './score';

const finding = (category: Finding['category'], start: number, end: number): Finding => ({
  ruleId: `${category}/x`,
  category,
  start,
  end,
  text: '',
  message: '',
  explanation: '',
  suggestion: null,
});

describe('evaluation score', () => {
  const examples = parseCorpus(
    [
      JSON.stringify({ id: 'a', text: 'At 7pm the council met at 7pm.', expected: [{ category: 'style', text: '7pm' }], clean: false }),
      JSON.stringify({ id: 'b', text: 'Clean copy with five words.', expected: [], clean: true }),
    ].join('\n'),
  );

  it('counts an item found when a finding of its category overlaps its first occurrence', () => {
    const s = score(examples, (e) => (e.id === 'a' ? [finding('style', 3, 6)] : []));
    expect(s.found).toBe(1);
    expect(s.perCategory.style).toEqual({ expected: 1, found: 1 });
  });

  it('misses a finding of the wrong category or at a later occurrence', () => {
    expect(score(examples, () => [finding('grammar', 3, 6)]).found).toBe(0);
    expect(score(examples, () => [finding('style', 26, 29)]).found).toBe(0);
  });

  it('counts every finding on clean copy as a false positive per 1,000 words', () => {
    const s = score(examples, (e) => (e.id === 'b' ? [finding('clarity', 0, 5)] : []));
    expect(s.falsePositives).toHaveLength(1);
    expect(s.cleanWords).toBe(5);
    expect(formatScore(s, 'test', 2, false)).toContain('1 in 5 words = 200.00 per 1,000 words');
  });

  it('keeps a line’s sources, the texts its quotations are checked against, and drops what is not text', () => {
    const [withSources, without] = parseCorpus(
      '{"id":"a","text":"x","expected":[],"clean":true,"sources":["Notes.",3]}\n{"id":"b","text":"y","expected":[],"clean":true}',
    );
    expect(withSources!.sources).toEqual(['Notes.']);
    expect(without).not.toHaveProperty('sources');
  });

  it('names the line of invalid JSON', () => {
    expect(() => parseCorpus('{"id":"a","text":"x","expected":[],"clean":true}\nnot json')).toThrow(/Line 2/);
  });
});
