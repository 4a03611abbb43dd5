import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { passiveVoice } from './passive-voice';

describe('clarity/passive-voice', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(passiveVoice.id).toBe('clarity/passive-voice');
    expect(passiveVoice.category).toBe('clarity');
    expect(passiveVoice.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The budget was approved by the county board.', 'The budget was approved by the county board', 'The county board approved the budget'],
    ['Two hikers were rescued by a search team Sunday.', 'Two hikers were rescued by a search team', 'A search team rescued two hikers'],
    ['Harmon was arrested by state troopers Friday.', 'Harmon was arrested by state troopers', 'State troopers arrested Harmon'],
    [
      'The bill was signed by Gov. Ellen Sorensen on Wednesday.',
      'The bill was signed by Gov. Ellen Sorensen',
      'Gov. Ellen Sorensen signed the bill',
    ],
    ['The man was hit by a car driven by a teenager.', 'The man was hit by a car', 'A car hit the man'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(passiveVoice, text)).toContainEqual({ text: flagged, suggestion });
  });

  it('is offered to the writer, never applied by a rewrite', () => {
    expect(passiveVoice.autoFix).toBe(false);
  });

  it.each([
    'The budget was approved Monday.',
    'The plan was approved by a vote of 5-2.',
    'The work must be done by Friday.',
    'The orchard sits on a hill above the river and has been tended by three generations of the Okafor family.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(passiveVoice, text)).toEqual([]);
  });
});
