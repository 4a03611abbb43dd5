import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { theirThere } from './their-there';

describe('grammar/their-there', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(theirThere.id).toBe('grammar/their-there');
    expect(theirThere.category).toBe('grammar');
    expect(theirThere.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['Parents said there worried about the pickup line.', 'there worried', 'they’re worried'],
    ['Residents said their concerned about the noise.', 'their concerned', 'they’re concerned'],
    ['Their is no money left.', 'Their is', 'There is'],
    ['Families want there own parking spots.', 'there own', 'their own'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(theirThere, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'There were 300 comments.',
    'They went there after school.',
    'There remained three seats.',
    'Their children attend Pinecrest.',
    'Residents there said the water tasted of chlorine.',
    'There also were concerns about parking.',
    'There being no objection, the motion passed.',
    'The board delayed their meeting about the budget.',
    'The players gave their all to the end.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(theirThere, text)).toEqual([]);
  });
});
