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
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(itsIts, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['The branch serves its members.', "It's a good day."])('leaves alone %s', (text) => {
    expect(hitsOf(itsIts, text)).toEqual([]);
  });
});
