import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { apWords } from './ap-words';

describe('style/ap-words', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(apWords.id).toBe('style/ap-words');
    expect(apWords.category).toBe('style');
    expect(apWords.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['Principal Janet Moore said it is okay to park there.', 'okay', 'OK'],
    ['Patrons can register by e-mail.', 'e-mail', 'email'],
    ["The diner has served eggs since the 1950's.", "1950's", '1950s'],
    ['The company expands high-speed Internet service.', 'Internet', 'internet'],
    ['The board moved towards a vote.', 'towards', 'toward'],
    ['Her financial advisor resigned.', 'advisor', 'adviser'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(apWords, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'Internet service improved, the company said.',
    'Patrons can register by email.',
    'It is OK to park there.',
    'She manages the Fidelity Advisor Fund and the Kaiser Healthcare account.',
    'The library still runs the Internet Explorer browser.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(apWords, text)).toEqual([]);
  });
});
