import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { fillerWords } from './filler-words';

describe('clarity/filler-words', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(fillerWords.id).toBe('clarity/filler-words');
    expect(fillerWords.category).toBe('clarity');
    expect(fillerWords.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The vote was very close.', 'very', ''],
    ['The plan actually saves money.', 'actually', ''],
    ['The results were quite different.', 'quite', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(fillerWords, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The vote was close.',
    '"It was very close," she said.',
    'It was the very first vote.',
    'The bridge is not quite finished.',
    'The plan did not really change.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(fillerWords, text)).toEqual([]);
  });
});
