import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { americanSpelling } from './american-spelling';

describe('style/american-spelling', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(americanSpelling.id).toBe('style/american-spelling');
    expect(americanSpelling.category).toBe('style');
    expect(americanSpelling.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The colour of the bridge will change.', 'colour', 'color'],
    ['The county will organise a meeting.', 'organise', 'organize'],
    ['The defence rested its case.', 'defence', 'defense'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(americanSpelling, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The color of the bridge will change.',
    'She works at the Brindle Point Medical Centre.',
    'Grey said the team would appeal. The coach, Tom Grey, declined to comment.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(americanSpelling, text)).toEqual([]);
  });
});
