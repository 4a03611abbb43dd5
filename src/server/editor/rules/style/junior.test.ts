import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { junior } from './junior';

describe('style/junior', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(junior.id).toBe('style/junior');
    expect(junior.category).toBe('style');
    expect(junior.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([['Martin Luther King, Jr. spoke here.', ', Jr.', ' Jr.']] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(junior, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['Martin Luther King Jr. spoke here.'])('leaves alone %s', (text) => {
    expect(hitsOf(junior, text)).toEqual([]);
  });
});
