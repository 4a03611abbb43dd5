import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { titles } from './titles';

describe('style/titles', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(titles.id).toBe('style/titles');
    expect(titles.category).toBe('style');
    expect(titles.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['Governor Karen Holt signed the bill.', 'Governor', 'Gov.'],
    ['Senator Paul Ridley voted no.', 'Senator', 'Sen.'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(titles, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'Gov. Karen Holt signed the bill.',
    'The governor signed the bill.',
    'Sergeant Major Tom Reyes retired after 30 years.',
    'Traffic backed up on the Governor Thomas Johnson Bridge.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(titles, text)).toEqual([]);
  });
});
