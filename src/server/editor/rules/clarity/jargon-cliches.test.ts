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
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(jargonCliches, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['The board will decide Monday.', '"At the end of the day, we decide," she said.'])('leaves alone %s', (text) => {
    expect(hitsOf(jargonCliches, text)).toEqual([]);
  });
});
