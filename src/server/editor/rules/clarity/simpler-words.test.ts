import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { simplerWords } from './simpler-words';

describe('clarity/simpler-words', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(simplerWords.id).toBe('clarity/simpler-words');
    expect(simplerWords.category).toBe('clarity');
    expect(simplerWords.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The city will utilize the grant for repairs.', 'utilize', 'use'],
    ['Work will commence in April.', 'commence', 'begin'],
    ['The company will terminate two employees.', 'terminate', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(simplerWords, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['The city will use the grant for repairs.', 'The brewery employs 18 people.'])('leaves alone %s', (text) => {
    expect(hitsOf(simplerWords, text)).toEqual([]);
  });
});
