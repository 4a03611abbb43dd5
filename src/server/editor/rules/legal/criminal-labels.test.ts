import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { criminalLabels } from './criminal-labels';

describe('legal/criminal-labels', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(criminalLabels.id).toBe('legal/criminal-labels');
    expect(criminalLabels.category).toBe('legal');
    expect(criminalLabels.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['Police charged Dale Conroy with murder Friday. The murderer will appear in court Dec. 9.', 'The murderer', null],
    ['The man, who was charged with arson, is a criminal who wanted the insurance money.', 'a criminal', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(criminalLabels, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'A jury found Harold Ames guilty of arson. The arsonist faces 20 years.',
    'Police charged Dale Conroy with murder Friday. Conroy will appear in court Dec. 9.',
    'Police arrested a man Friday. A burglar had broken into three homes on the street, police said.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(criminalLabels, text)).toEqual([]);
  });
});
