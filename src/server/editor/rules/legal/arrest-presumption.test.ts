import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { arrestPresumption } from './arrest-presumption';

describe('legal/arrest-presumption', () => {
  it('has an id, a category and a one-sentence explanation, and leaves the wording to the writer', () => {
    expect(arrestPresumption.id).toBe('legal/arrest-presumption');
    expect(arrestPresumption.category).toBe('legal');
    expect(arrestPresumption.explanation).toMatch(/^\S.{20,260}\.$/);
    expect(arrestPresumption.autoFix).toBe(false);
  });

  it.each([
    ['A Duluth man was arrested Friday for breaking into three garages on Elm Street.', 'arrested Friday for breaking'],
    ['Police arrested two teenagers for spray-painting the school.', 'arrested two teenagers for spray-painting'],
    ['She was booked into the county jail for selling fentanyl near a school.', 'booked into the county jail for selling'],
    ['He was jailed for beating his neighbor.', 'jailed for beating'],
    ['The driver was arrested for driving while intoxicated.', 'arrested for driving'],
  ] as const)('flags %s', (text, flagged) => {
    expect(hitsOf(arrestPresumption, text)).toEqual([{ text: flagged, suggestion: null }]);
  });

  it.each([
    'A man was arrested on suspicion of breaking into three garages, police said.',
    'Police arrested two teenagers Friday on suspicion of spray-painting the school.',
    'He was arrested for allegedly stealing a truck.',
    'He was taken into custody for questioning.',
    'She was detained for several hours at the airport.',
    'The man was arrested for failing to appear in court.',
    'She was arrested for violating a protective order.',
    'The driver was cited for speeding.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(arrestPresumption, text)).toEqual([]);
  });
});
