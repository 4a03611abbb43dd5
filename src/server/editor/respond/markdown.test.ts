import { describe, expect, it } from 'vitest';
import { clip, quoteWhole, wholePassages } from './markdown';

describe('clip', () => {
  it('ends at a word, never inside one', () => {
    expect(clip('The council approved the budget on Tuesday after a long debate', 30)).toBe('The council approved the…');
    expect(clip('Short enough', 30)).toBe('Short enough');
    // one long word is kept whole rather than cut inside it
    const url = `https://example.com/${'a'.repeat(120)}`;
    expect(clip(url, 90)).toBe(url);
    expect(clip(`See ${url}`, 90)).toBe('See…');
  });
});

describe('wholePassages', () => {
  const passages = [
    'A preliminary hearing is scheduled for next month.',
    'If convicted, Haines faces up to eight years in prison.',
    'The stabbing is the third downtown this year.',
  ];

  it('lists whole passages while they fit, and always the first', () => {
    expect(wholePassages(passages, 4, 1_000)).toBe(3);
    expect(wholePassages(passages, 2, 1_000)).toBe(2);
    expect(wholePassages(passages, 4, 110)).toBe(2);
    expect(wholePassages(passages, 4, 10)).toBe(1);
    expect(wholePassages([], 4, 10)).toBe(0);
  });

  it('quotes a passage whole, on one line, unable to break the Markdown around it', () => {
    expect(quoteWhole('Police said the **suspect**\nfled.')).toBe('“Police said the \\*\\*suspect\\*\\* fled.”');
  });
});
