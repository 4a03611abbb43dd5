import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { compoundModifiers } from './compound-modifiers';

describe('style/compound-modifiers', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(compoundModifiers.id).toBe('style/compound-modifiers');
    expect(compoundModifiers.category).toBe('style');
    expect(compoundModifiers.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['Police said a 67 year old man was hurt.', '67 year old', '67-year-old'],
    ['The 12-year old was treated and released.', '12-year old', '12-year-old'],
    ['A 9 month-old girl was not hurt.', '9 month-old', '9-month-old'],
    ['Crews will close a 4 mile stretch of Route 9.', '4 mile', '4-mile'],
    ['The board held a three hour hearing on the plan.', 'three hour', 'three-hour'],
    ["The county's 20 minute response time drew complaints.", '20 minute', '20-minute'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(compoundModifiers, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The woman is 81 years old.',
    'An 81-year-old woman lost $4,000.',
    'The trip takes 20 minutes by bus.',
    'Crews repaved an 8-mile stretch.',
    'The hearing lasted three hours.',
    'The girl, 9 months old, was not hurt.',
    'He ran 4 miles before work.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(compoundModifiers, text)).toEqual([]);
  });
});
