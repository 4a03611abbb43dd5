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
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(fillerWords, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['The vote was close.', '"It was very close," she said.', 'It was the very first vote.'])('leaves alone %s', (text) => {
    expect(hitsOf(fillerWords, text)).toEqual([]);
  });
});
