import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { money } from './money';

describe('style/money', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(money.id).toBe('style/money');
    expect(money.category).toBe('style');
    expect(money.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The bond would raise 30 million dollars for a school.', '30 million dollars', '$30 million'],
    ['Tickets cost $5.00 at the door.', '$5.00', '$5'],
    ['The fee is five dollars.', 'five dollars', '$5'],
    ['The county opened a $9 million dollar jail annex.', '$9 million dollar', '$9 million'],
    ['Bidding wars are routine on homes under $475k.', '$475k', '$475,000'],
    ['The firm raised $2.5M from investors.', '$2.5M', '$2.5 million'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(money, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['The bond would raise $30 million.', 'Tickets cost $5 at the door.'])('leaves alone %s', (text) => {
    expect(hitsOf(money, text)).toEqual([]);
  });
});
