import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { itsIts } from './its-its';

describe('grammar/its-its', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(itsIts.id).toBe('grammar/its-its');
    expect(itsIts.category).toBe('grammar');
    expect(itsIts.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ["The branch will offer counseling to it's members.", "it's", 'its'],
    ['Its a good day for the council.', 'Its', 'It’s'],
    ['The mayor said its clear that the plan failed.', 'its', 'it’s'],
    ["The union said it's employees will vote Friday.", "it's", 'its'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(itsIts, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The branch serves its members.',
    "It's a good day.",
    'The company and its A-list clients met Monday.',
    'The agency reported its true cost for the first time.',
    'The plant will keep its going rate for scrap.',
    "It's parents who decide, the principal said.",
    "It's chaos at the intersection every morning.",
    "It's days away, and it's news to the council.",
  ])('leaves alone %s', (text) => {
    expect(hitsOf(itsIts, text)).toEqual([]);
  });
});
