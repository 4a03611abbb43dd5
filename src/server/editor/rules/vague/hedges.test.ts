import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { hedges } from './hedges';

describe('vague/hedges', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(hedges.id).toBe('vague/hedges');
    expect(hedges.category).toBe('vague');
    expect(hedges.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The design seems to have reduced crashes.', 'seems to', null],
    ['The principal may have extended the policy.', 'may have', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(hedges, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The design reduced crashes by 30%, police said.',
    'Health workers are contacting about 120 people who may have been exposed at the clinic, Wells said.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(hedges, text)).toEqual([]);
  });
});
