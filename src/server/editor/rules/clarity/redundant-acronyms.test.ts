import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { redundantAcronyms } from './redundant-acronyms';

describe('clarity/redundant-acronyms', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(redundantAcronyms.id).toBe('clarity/redundant-acronyms');
    expect(redundantAcronyms.category).toBe('clarity');
    expect(redundantAcronyms.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([['Thieves broke into the ATM machine.', 'ATM machine', 'ATM']] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(redundantAcronyms, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['Thieves broke into the ATM.'])('leaves alone %s', (text) => {
    expect(hitsOf(redundantAcronyms, text)).toEqual([]);
  });
});
