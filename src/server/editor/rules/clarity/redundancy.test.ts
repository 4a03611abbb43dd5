import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { redundancy } from './redundancy';

describe('clarity/redundancy', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(redundancy.id).toBe('clarity/redundancy');
    expect(redundancy.category).toBe('clarity');
    expect(redundancy.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The trail has a past history of washouts.', 'past history', 'history'],
    ['The end result is a deal with the state.', 'end result', 'result'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(redundancy, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The trail has a history of washouts.',
    'She started a new record label.',
    'Both of them voted no.',
    'The state passed a safe haven law.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(redundancy, text)).toEqual([]);
  });
});
