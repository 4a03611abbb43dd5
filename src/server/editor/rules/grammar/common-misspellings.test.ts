import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { commonMisspellings } from './common-misspellings';

describe('grammar/common-misspellings', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(commonMisspellings.id).toBe('grammar/common-misspellings');
    expect(commonMisspellings.category).toBe('grammar');
    expect(commonMisspellings.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The county recieved 300 comments.', 'recieved', 'received'],
    ['The state goverment pays the rest.', 'goverment', 'government'],
    ['A study is neccessary before the vote.', 'neccessary', 'necessary'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(commonMisspellings, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['The county received 300 comments.', 'The museum owns two paintings by John Singer Sargent.'])('leaves alone %s', (text) => {
    expect(hitsOf(commonMisspellings, text)).toEqual([]);
  });
});
