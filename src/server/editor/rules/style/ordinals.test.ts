import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { ordinals } from './ordinals';

describe('style/ordinals', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(ordinals.id).toBe('style/ordinals');
    expect(ordinals.category).toBe('style');
    expect(ordinals.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['She finished 3rd in the race.', '3rd', 'third'],
    ['It was the twentieth meeting this year.', 'twentieth', '20th'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(ordinals, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['He represents the 1st District.', 'The 9th Circuit ruled Monday.', 'It was the first meeting.'])('leaves alone %s', (text) => {
    expect(hitsOf(ordinals, text)).toEqual([]);
  });
});
