import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { danglingModifiers } from './dangling-modifiers';

describe('grammar/dangling-modifiers', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(danglingModifiers.id).toBe('grammar/dangling-modifiers');
    expect(danglingModifiers.category).toBe('grammar');
    expect(danglingModifiers.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ["Having run the shop for 40 years, the owner's decision to close surprised no one.", 'Having run the shop for 40 years'],
    ['After reviewing the bids, the contract was awarded to Harmon.', 'After reviewing the bids'],
    ["Walking to school, the boy's backpack was stolen.", 'Walking to school'],
    ['Citing the cost, it was decided to delay the vote.', 'Citing the cost'],
  ])('flags %s', (text, flagged) => {
    expect(hitsOf(danglingModifiers, text)).toEqual([{ text: flagged, suggestion: null }]);
  });

  it.each([
    'After reviewing the bids, the board awarded the contract to Harmon.',
    'Having won four straight, the Bison host Dakota on Friday.',
    'Having been closed since 2019, the pool will reopen.',
    "Following the vote, Mayor Brooks's office issued a statement.",
    'Speaking to reporters, she said the plan was sound.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(danglingModifiers, text)).toEqual([]);
  });
});
