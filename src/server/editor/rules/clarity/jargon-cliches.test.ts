import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { jargonCliches } from './jargon-cliches';

describe('clarity/jargon-cliches', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(jargonCliches.id).toBe('clarity/jargon-cliches');
    expect(jargonCliches.category).toBe('clarity');
    expect(jargonCliches.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The project creates synergy between the networks.', 'synergy', null],
    ['The board will decide what puts students first at the end of the day.', 'at the end of the day', null],
    // stock phrases in any tense
    ['Lakeview’s bench steps up to the plate in the fourth quarter.', 'steps up to the plate', null],
    ['The chain is right-sizing its warehouses.', 'right-sizing', null],
    ['The driver exited the vehicle and ran.', 'exited the vehicle', null],
    ['Deputies apprehended the man near the river.', 'apprehended', null],
    ['How the virus spreads remains to be elucidated.', 'remains to be elucidated', null],
    ['Tickets flew off the shelves within an hour.', 'flew off the shelves', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(jargonCliches, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The board will decide Monday.',
    '"At the end of the day, we decide," she said.',
    'She stepped up to the podium.',
    'The bus exited the tunnel.',
    'The company sized its order to demand.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(jargonCliches, text)).toEqual([]);
  });
});
