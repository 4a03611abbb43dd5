import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { largeNumbers } from './large-numbers';

describe('style/large-numbers', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(largeNumbers.id).toBe('style/large-numbers');
    expect(largeNumbers.category).toBe('style');
    expect(largeNumbers.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The department hired fifteen firefighters.', 'fifteen', '15'],
    ['About twenty-five people attended.', 'twenty-five', '25'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(largeNumbers, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['Fifteen firefighters were hired.', 'The department hired nine firefighters.', 'The boy is a 12-year-old.'])(
    'leaves alone %s',
    (text) => {
      expect(hitsOf(largeNumbers, text)).toEqual([]);
    },
  );
});
