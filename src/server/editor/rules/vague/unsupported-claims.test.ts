import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { unsupportedClaims } from './unsupported-claims';

describe('vague/unsupported-claims', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(unsupportedClaims.id).toBe('vague/unsupported-claims');
    expect(unsupportedClaims.category).toBe('vague');
    expect(unsupportedClaims.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['Under the deal, Halcyon, a leading maker of hearing aids, will open a plant.', 'a leading maker'],
    ["It's no secret that the mall has struggled.", "It's no secret"],
    ['The chef, who is world-renowned for her pastries, will open a bakery.', 'world-renowned'],
    ['Needless to say, the vote was close.', 'Needless to say'],
    ["Ridgeline, the state's premier maker of snowplows, will add 40 jobs.", "the state's premier maker"],
    ['Everyone in Cedar Bluff knows the diner closes at 2.', 'Everyone in Cedar Bluff knows'],
  ])('flags %s', (text, flagged) => {
    expect(hitsOf(unsupportedClaims, text)).toContainEqual({ text: flagged, suggestion: null });
  });

  it.each([
    'Halcyon, a leading maker of hearing aids, according to an industry survey, will open a plant.',
    '"We are a leading provider of care," Quinn said.',
    'The mall has lost 14 of its 40 stores since 2019.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(unsupportedClaims, text)).toEqual([]);
  });
});
