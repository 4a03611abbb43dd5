import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk';
import { CHUNK } from './limits';

const sentence = (i: number) => `Sentence ${i} reports that the council voted on the riverfront budget late on Tuesday night. `;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i))
    .join('')
    .trimEnd();

describe('chunkText', () => {
  it('gives back the text exactly when the chunks are joined', () => {
    const text = Array.from({ length: 40 }, (_, i) => paragraph(i * 5, 1 + (i % 7))).join('\n\n');
    expect(chunkText(text).join('')).toBe(text);
  });

  it('keeps chunks between the minimum and the maximum, except the last', () => {
    const text = Array.from({ length: 60 }, (_, i) => paragraph(i * 5, 1 + (i % 5))).join('\n\n');
    const chunks = chunkText(text);
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(CHUNK.max);
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeGreaterThanOrEqual(CHUNK.min / 2);
  });

  it('ends chunks at paragraph ends when a paragraph end falls in range, otherwise at sentence ends', () => {
    // Paragraphs of about 1,100 characters: each chunk is one paragraph.
    const paragraphs = Array.from({ length: 6 }, (_, i) => paragraph(i * 20, 12));
    const chunks = chunkText(paragraphs.join('\n\n'));
    expect(chunks.map((c) => c.trim())).toEqual(paragraphs);

    // One paragraph of 5,000 characters: cut after full sentences.
    const long = paragraph(0, 55);
    for (const c of chunkText(long).slice(0, -1)) expect(c).toMatch(/night\. $/);
  });

  it('packs short paragraphs together rather than storing each alone', () => {
    const text = Array.from({ length: 30 }, (_, i) => `Brief ${i}: the mayor spoke.`).join('\n\n');
    const chunks = chunkText(text);
    expect(chunks.length).toBeLessThan(4);
    expect(chunks[0]).toContain('Brief 0');
    expect(chunks[0]).toContain('Brief 20');
  });

  it('cuts text with no sentence ends at spaces, and text with no spaces at the maximum', () => {
    const words = Array.from({ length: 800 }, (_, i) => `word${i}`).join(' ');
    const byWords = chunkText(words);
    expect(byWords.join('')).toBe(words);
    for (const c of byWords.slice(0, -1)) expect(c).toMatch(/ $/);

    const blob = 'x'.repeat(4_000);
    expect(chunkText(blob).map((c) => c.length)).toEqual([CHUNK.max, CHUNK.max, 4_000 - 2 * CHUNK.max]);
  });

  it('returns nothing for empty text and one chunk for short text', () => {
    expect(chunkText('')).toEqual([]);
    expect(chunkText('The council voted.')).toEqual(['The council voted.']);
  });
});
