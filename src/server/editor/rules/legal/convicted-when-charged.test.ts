import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { convictedWhenCharged } from './convicted-when-charged';

describe('legal/convicted-when-charged', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(convictedWhenCharged.id).toBe('legal/convicted-when-charged');
    expect(convictedWhenCharged.category).toBe('legal');
    expect(convictedWhenCharged.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['Wynn faces three counts of theft and pleaded not guilty. The convicted treasurer remains free on bond.', 'convicted', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(convictedWhenCharged, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'A jury convicted Wynn of theft. She was sentenced Monday.',
    'Saldana was charged with arson. If convicted of all charges, he faces up to 52 years in prison.',
    'Wynn pleaded not guilty. She could be sentenced to 10 years in prison if she is convicted.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(convictedWhenCharged, text)).toEqual([]);
  });
});
