import { afterAll, describe, expect, it } from 'vitest';
import { grammarCheckerState, grammarWorkersFrom, lintWithHarper, splitPoints, SPLIT_MIN_CHARS, stopHarper, warmHarper } from './client';

const paragraph = (i: number) =>
  `The council met on Tuesday in the old library on Main Street for the ${i}th time this year, and members spent most of the evening on the water budget.`;

describe('harper.js worker client', () => {
  afterAll(() => stopHarper());

  it('warms once and reuses the same workers', async () => {
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

  it('finds the mistakes of a long story at their places in it, whichever worker linted them', async () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => paragraph(i + 1));
    paragraphs[3] = 'The owners recieved the letter on Monday, the the lawyer said.';
    paragraphs[36] = 'A neighbor said she recieved no warning before the the water was shut off.';
    const text = paragraphs.join('\n\n');
    expect(text.length).toBeGreaterThan(SPLIT_MIN_CHARS);
    const lints = await lintWithHarper(text);
    const spans = lints.map((l) => text.slice(l.start, l.end).toLowerCase());
    expect(spans.filter((s) => s === 'recieved')).toHaveLength(2);
    expect(lints.filter((l) => l.kind === 'Repetition')).toHaveLength(2);
    expect(lints.map((l) => l.start)).toEqual([...lints.map((l) => l.start)].sort((a, b) => a - b));
  });
});

describe('splitting a long text between the grammar workers', () => {
  it('cuts at the paragraph break nearest the middle', () => {
    const text = Array.from({ length: 30 }, (_, i) => paragraph(i)).join('\n\n');
    const cuts = splitPoints(text, 2);
    expect(cuts).toHaveLength(1);
    const [start, end] = cuts[0]!;
    expect(text.slice(start, end)).toBe('\n\n');
    expect(Math.abs(start - text.length / 2)).toBeLessThan(paragraph(10).length);
  });

  it('cuts between sentences when the text is one paragraph', () => {
    const text = Array.from({ length: 30 }, (_, i) => paragraph(i)).join(' ');
    const [[start, end]] = splitPoints(text, 2) as [[number, number]];
    expect(text.slice(start - 1, end + 3)).toBe('. The');
  });

  it('leaves short text, and text with nowhere to cut, whole', () => {
    expect(splitPoints(paragraph(1), 2)).toEqual([]);
    expect(splitPoints('word '.repeat(SPLIT_MIN_CHARS), 2)).toEqual([]);
    expect(splitPoints(Array.from({ length: 30 }, (_, i) => paragraph(i)).join('\n'), 1)).toEqual([]);
  });

  it('reads the number of workers from EDITOR_GRAMMAR_WORKERS, refusing anything but a small positive integer', () => {
    expect(grammarWorkersFrom({ EDITOR_GRAMMAR_WORKERS: '1' })).toBe(1);
    expect(grammarWorkersFrom({})).toBeGreaterThanOrEqual(1);
    expect(() => grammarWorkersFrom({ EDITOR_GRAMMAR_WORKERS: '0' })).toThrow(
      'EDITOR_GRAMMAR_WORKERS must be an integer from 1 to 16, got "0"',
    );
    expect(() => grammarWorkersFrom({ EDITOR_GRAMMAR_WORKERS: 'two' })).toThrow('EDITOR_GRAMMAR_WORKERS must be an integer');
  });
});
