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
    ['At this point in time, no one knows.', 'At this point in time', 'Now'],
    ['The game was canceled due to the fact that it rained.', 'due to the fact that', 'because'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(wordyPhrases, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['The city hired a consultant to study the sewer system.'])('leaves alone %s', (text) => {
    expect(hitsOf(wordyPhrases, text)).toEqual([]);
  });
});
