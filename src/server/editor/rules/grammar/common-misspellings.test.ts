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
    ['The county doesnt track the calls.', 'doesnt', "doesn't"],
    ['Residents didnt get a notice.', 'didnt', "didn't"],
    ['The plan isnt final, she said.', 'isnt', "isn't"],
    ['The bridge hasnt been inspected since 2019.', 'hasnt', "hasn't"],
    ['Crews couldnt reach the site.', 'couldnt', "couldn't"],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(commonMisspellings, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The county received 300 comments.',
    'The museum owns two paintings by John Singer Sargent.',
    // words that only look like a contraction missing its apostrophe
    'She said she cant remember the cant of the old sailors.',
    'The well went dry; the shed burned.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(commonMisspellings, text)).toEqual([]);
  });
});
