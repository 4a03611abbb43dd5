import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { longSentences } from './long-sentences';

describe('clarity/long-sentences', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(longSentences.id).toBe('clarity/long-sentences');
    expect(longSentences.category).toBe('clarity');
    expect(longSentences.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    [
      'The council approved a district for the riverfront Monday, a plan that the mayor said will draw a hotel, a grocery store and more than 200 apartments to land that has sat empty for years, though two members voted against it and argued that the city cannot afford it.',
      'The council approved a district for the riverfront Monday, a plan that the mayor said will draw a hotel, a grocery store and more than 200 apartments to land that has sat empty for years, though two members voted against it and argued that the city cannot afford it.',
      'The council approved a district for the riverfront Monday, a plan that the mayor said will draw a hotel, a grocery store and more than 200 apartments to land that has sat empty for years. But two members voted against it and argued that the city cannot afford it.',
    ],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(longSentences, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['The council approved the plan Monday.'])('leaves alone %s', (text) => {
    expect(hitsOf(longSentences, text)).toEqual([]);
  });
});
