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
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(courtesyTitles, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(["Conroy's attorney declined to comment.", 'Dr. Ann Lee treated the patient.'])('leaves alone %s', (text) => {
    expect(hitsOf(courtesyTitles, text)).toEqual([]);
  });
});
