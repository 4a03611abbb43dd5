import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { euphemisms } from './euphemisms';

describe('style/euphemisms', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(euphemisms.id).toBe('style/euphemisms');
    expect(euphemisms.category).toBe('style');
    expect(euphemisms.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['Walter Brandt, who coached at Eastview for 30 years, passed away Tuesday in Dayton.', 'passed away', 'died'],
    ['She passed on peacefully at home.', 'passed on', 'died'],
    ['Moreno passed quietly Friday at his home.', 'passed quietly', 'died quietly'],
    ['Ortiz lost her long battle with leukemia in 2019.', 'lost her long battle with', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(euphemisms, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    '"Mom passed away in her sleep," her son said.',
    'The bill passed on a 7-2 vote.',
    'The measure passed easily Tuesday.',
    'The team passed on the chance to trade him.',
    'Brandt died Tuesday in Dayton.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(euphemisms, text)).toEqual([]);
  });
});
