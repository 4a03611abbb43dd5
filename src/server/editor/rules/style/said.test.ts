import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { said } from './said';

describe('style/said', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(said.id).toBe('style/said');
    expect(said.category).toBe('style');
    expect(said.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['"We are ready," Laura Kessler, the hospital\'s president, stated.', 'stated', 'said'],
    ['Commissioner Ruth Abernathy stated the county received 300 comments.', 'stated', 'said'],
    ['The mayor noted that the budget is balanced.', 'noted', 'said'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(said, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The report stated the figures clearly.',
    '"We are ready," Kessler said.',
    'The statement noted a decline in sales.',
    'Gov. Ann Smith declared a state of emergency in three counties.',
    'Jane Smith shared the prize with two colleagues.',
    'Mayor Tom Reed expressed his thanks to the crews.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(said, text)).toEqual([]);
  });
});
