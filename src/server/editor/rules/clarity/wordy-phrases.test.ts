import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { wordyPhrases } from './wordy-phrases';

describe('clarity/wordy-phrases', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(wordyPhrases.id).toBe('clarity/wordy-phrases');
    expect(wordyPhrases.category).toBe('clarity');
    expect(wordyPhrases.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The city hired a consultant in order to study the sewer system.', 'in order to', 'to'],
    ['The bridge is anticipated to reopen sometime in May.', 'is anticipated to', 'is expected to'],
    ['The bridge is anticipated to reopen sometime in May.', 'sometime in', 'in'],
    ['At this point in time, no one knows.', 'At this point in time', 'Now'],
    ['The game was canceled due to the fact that it rained.', 'due to the fact that', 'because'],
    ['The majority of the voters stayed home.', 'The majority of', 'Most of'],
    ['The majority of voters stayed home.', 'The majority of', 'Most'],
    ['It should be noted that the bridge is safe.', 'It should be noted that the', 'The'],
    ['The plan, needless to say, failed.', 'needless to say', null],
    ['A majority of the council voted to delay.', 'A majority of', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(wordyPhrases, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['The city hired a consultant to study the sewer system.'])('leaves alone %s', (text) => {
    expect(hitsOf(wordyPhrases, text)).toEqual([]);
  });
});
