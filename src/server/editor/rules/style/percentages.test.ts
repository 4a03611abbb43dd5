import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { percentages } from './percentages';

describe('style/percentages', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(percentages.id).toBe('style/percentages');
    expect(percentages.category).toBe('style');
    expect(percentages.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The bill would rise by 6 per cent.', '6 per cent', '6 percent'],
    ['Sales fell five percent.', 'five percent', '5 percent'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(percentages, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['Sales fell 5 percent.', 'Sales fell 5%.'])('leaves alone %s', (text) => {
    expect(hitsOf(percentages, text)).toEqual([]);
  });
});
