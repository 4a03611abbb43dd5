import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { ages } from './ages';

describe('style/ages', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(ages.id).toBe('style/ages');
    expect(ages.category).toBe('style');
    expect(ages.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['A five-year-old girl was rescued.', 'five', '5'],
    ['The boy is seven years old.', 'seven', '7'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(ages, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['A 5-year-old girl was rescued.', 'The program lasts five years.'])('leaves alone %s', (text) => {
    expect(hitsOf(ages, text)).toEqual([]);
  });
});
