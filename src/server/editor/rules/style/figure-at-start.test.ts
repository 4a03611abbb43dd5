import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { figureAtStart } from './figure-at-start';

describe('style/figure-at-start', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(figureAtStart.id).toBe('style/figure-at-start');
    expect(figureAtStart.category).toBe('style');
    expect(figureAtStart.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['3 people were hurt in the crash.', '3', 'Three'],
    ['250 residents signed the petition.', '250', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(figureAtStart, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['2024 was a record year for the port.', 'Three people were hurt.'])('leaves alone %s', (text) => {
    expect(hitsOf(figureAtStart, text)).toEqual([]);
  });
});
