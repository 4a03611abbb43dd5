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

  it.each([
    '2024 was a record year for the port.',
    'Three people were hurt.',
    '9/11 changed how the airport screens bags.',
    '3M reported higher sales.',
    '7-Eleven will open a store on Main Street.',
    'What to bring:\n1. A photo ID\n2. Proof of address',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(figureAtStart, text)).toEqual([]);
  });
});
