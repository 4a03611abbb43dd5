import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { anonymousSources } from './anonymous-sources';

describe('context/anonymous-sources', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(anonymousSources.id).toBe('context/anonymous-sources');
    expect(anonymousSources.category).toBe('context');
    expect(anonymousSources.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The chief will resign Oct. 31, a source said.', 'a source', null],
    ['The superintendent will resign, according to a person familiar with the matter.', 'a person familiar with', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(anonymousSources, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The chief will resign, said a city official who spoke on condition of anonymity because she was not authorized to discuss personnel matters.',
    'The chief will resign, Mayor Ann Cole said.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(anonymousSources, text)).toEqual([]);
  });
});
