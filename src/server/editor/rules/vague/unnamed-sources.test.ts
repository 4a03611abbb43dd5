import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { unnamedSources } from './unnamed-sources';

describe('vague/unnamed-sources', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(unnamedSources.id).toBe('vague/unnamed-sources');
    expect(unnamedSources.category).toBe('vague');
    expect(unnamedSources.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The district plans to replace 40 miles of pipe, sources said.', 'sources said', null],
    ['Critics say the district has not explained why.', 'Critics say', null],
    ['The developer reportedly wants a fifth floor.', 'reportedly', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(unnamedSources, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['The district plans to replace 40 miles of pipe, Director Ann Lee said.'])('leaves alone %s', (text) => {
    expect(hitsOf(unnamedSources, text)).toEqual([]);
  });
});
