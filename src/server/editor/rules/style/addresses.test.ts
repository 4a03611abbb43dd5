import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { addresses } from './addresses';

describe('style/addresses', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(addresses.id).toBe('style/addresses');
    expect(addresses.category).toBe('style');
    expect(addresses.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The office is at 101 Main Street.', 'Street', 'St.'],
    ['Crews repaved Elm Ave. last week.', 'Ave.', 'Avenue'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(addresses, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The office is at 101 Main St.',
    'Crews repaved Elm Avenue last week.',
    'She moved to St. Louis.',
    'The pharmacy is at 1120 W. Lake St., near the school.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(addresses, text)).toEqual([]);
  });
});
