import { afterAll, describe, expect, it } from 'vitest';
import { grammarCheckerState, lintWithHarper, stopHarper, warmHarper } from './client';

describe('harper.js worker client', () => {
  afterAll(() => stopHarper());

  it('warms once and reuses the same worker', async () => {
    const first = warmHarper();
    expect(warmHarper()).toBe(first);
    await first;
    expect(grammarCheckerState()).toBe('ready');
  }, 60_000);

  it('reports spans as UTF-16 offsets, also after emoji and accents', async () => {
    for (const prefix of ['', 'Café ', '😀 ', '👩‍👩‍👧 crowd: ']) {
      const text = `${prefix}The owners recieved it.`;
      const lints = await lintWithHarper(text);
      const spelling = lints.find((l) => l.kind === 'Spelling');
      expect(spelling && text.slice(spelling.start, spelling.end)).toBe('recieved');
    }
  });

  it('answers concurrent requests each with its own lints', async () => {
    const [a, b] = await Promise.all([lintWithHarper('The the board met.'), lintWithHarper('No problems in this sentence.')]);
    expect(a.some((l) => l.kind === 'Repetition')).toBe(true);
    expect(b).toEqual([]);
  });
});
