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

  it.each([
    ['Industry analysts expect the merger to close by spring.', 'Industry analysts expect'],
    ['Some residents argue the new stop signs have made things worse.', 'Some residents argue'],
    ['Neighbors told reporters the house had been empty for months.', 'Neighbors told'],
    ['Many parents have complained about the new pickup rules.', 'Many parents have complained'],
    ['Longtime observers of the council believe the vote will be close.', 'Longtime observers of the council believe'],
    ['Some in the neighborhood have said the park is unsafe at night.', 'Some in the neighborhood have said'],
    ['Business owners downtown worry that the construction will drive away customers.', 'Business owners downtown worry'],
    ['Commuters who rely on the early boats say the cuts will cost them jobs.', 'Commuters who rely on the early boats say'],
  ] as const)('flags the unnamed group in %s', (text, flagged) => {
    expect(hitsOf(unnamedSources, text)).toEqual([{ text: flagged, suggestion: null }]);
  });

  it.each([
    'Economists at Wells Fargo expect rates to fall.',
    'Parents Lisa Tran and Omar Hadi said the pickup rules confused them.',
    'Two residents, Joan Kelly and Mark Rios, told the council the stop signs made things worse.',
    'Officials said the road would reopen Monday.',
    'Police said the man was taken to a hospital.',
    'Residents who spoke at Tuesday’s meeting, including Joan Kelly, said the signs help.',
    'Some 40 residents signed a petition asking for the signs.',
  ])('leaves alone the named or counted speakers in %s', (text) => {
    expect(hitsOf(unnamedSources, text)).toEqual([]);
  });
});
