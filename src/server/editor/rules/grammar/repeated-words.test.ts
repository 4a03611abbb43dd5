import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { repeatedWords } from './repeated-words';

describe('grammar/repeated-words', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(repeatedWords.id).toBe('grammar/repeated-words');
    expect(repeatedWords.category).toBe('grammar');
    expect(repeatedWords.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['She will report to the the town manager.', 'the the', 'the'],
    ['The board voted to to delay.', 'to to', 'to'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(repeatedWords, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'He said that that plan failed.',
    'The plan failed.',
    'The prison at Walla Walla closed.',
    'She gave her her keys.',
    'SPORTS\nSports fans lined up early.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(repeatedWords, text)).toEqual([]);
  });
});
