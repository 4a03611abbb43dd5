import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { courtesyTitles } from './courtesy-titles';

describe('style/courtesy-titles', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(courtesyTitles.id).toBe('style/courtesy-titles');
    expect(courtesyTitles.category).toBe('style');
    expect(courtesyTitles.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ["Mr. Conroy's attorney declined to comment.", 'Mr. Conroy', 'Conroy'],
    ['Mrs. Ferris said hiring starts in March.', 'Mrs. Ferris', 'Ferris'],
    ['The study was led by chemist Omar Haddad. Dr. Haddad said more tests are needed.', 'Dr. Haddad', 'Haddad'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(courtesyTitles, text)).toContainEqual({ text: flagged, suggestion });
  });

  it('reports but does not drop titles that tell two people with one surname apart', () => {
    expect(hitsOf(courtesyTitles, 'Mr. Lee and Mrs. Lee founded the bakery. Mrs. Lee bakes.')).toEqual([
      { text: 'Mr. Lee', suggestion: null },
      { text: 'Mrs. Lee', suggestion: null },
      { text: 'Mrs. Lee', suggestion: null },
    ]);
  });

  it.each([
    "Conroy's attorney declined to comment.",
    'Dr. Ann Lee treated the patient.',
    'The Miss Worcester Diner opened in 1924.',
    'She was crowned Miss America in 1998.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(courtesyTitles, text)).toEqual([]);
  });
});
