import { describe, expect, it } from 'vitest';
import { copyGenerator, countWords } from './editor-copy';

describe('fresh copy for the editor bench', () => {
  // as many as the bench's memory run analyses in one process
  it('never writes the same sentence twice, however many texts one generator makes', () => {
    const sentences: string[] = [];
    const copy = copyGenerator(20_240_611, { onSentence: (s) => sentences.push(s) });
    const texts = Array.from({ length: 1000 }, () => copy.text(1000));
    const words = texts.reduce((n, t) => n + countWords(t), 0);
    expect(words).toBeGreaterThanOrEqual(1_000_000);
    // the sentences reported are the texts' sentences, in order
    expect(sentences.join(' ')).toBe(texts.map((t) => t.replaceAll('\n\n', ' ')).join(' '));
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it('gives the asked number of words, or one sentence more, in paragraphs of whole sentences', () => {
    const copy = copyGenerator(7);
    for (const size of [50, 1000, 5000]) {
      const text = copy.text(size);
      const words = countWords(text);
      expect(words).toBeGreaterThanOrEqual(size);
      expect(words).toBeLessThan(size + 80);
      for (const paragraph of text.split('\n\n')) expect(paragraph).toMatch(/[.!?]"?$/);
    }
  });

  it('writes news copy: datelines, attributed quotes, figures and names', () => {
    const text = copyGenerator(11).text(5000);
    expect(text).toMatch(/^[A-Z .]+, [A-Z][A-Za-z.]+ \(AP\) — /);
    expect(text.match(/\(AP\) — /g)!.length).toBeGreaterThan(5);
    expect(text).toMatch(/"[^"]+," (said|[A-Z][a-z]+ said)/);
    expect(text).toMatch(/\$\d/);
    expect(text).toMatch(/\d{2}/);
  });

  it('repeats a run from its seed, and a new seed gives new copy', () => {
    expect(copyGenerator(99).text(1000)).toBe(copyGenerator(99).text(1000));
    const a = copyGenerator(99).text(1000).split('\n\n');
    const b = new Set(copyGenerator(100).text(1000).split('\n\n'));
    expect(a.filter((p) => b.has(p))).toEqual([]);
  });
});
