import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { unattributed } from './unattributed';

describe('quote/unattributed', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(unattributed.id).toBe('quote/unattributed');
    expect(unattributed.category).toBe('quote');
    expect(unattributed.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    [
      'Permits rose 40%. "We simply don\'t have enough inspectors to keep up with this pace." The board meets Thursday.',
      "We simply don't have enough inspectors to keep up with this pace.",
      null,
    ],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(unattributed, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    '"We simply don\'t have enough inspectors," Chief Ray Ortiz said.',
    '"We need help," Ortiz said. "The calls keep coming every single night."',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(unattributed, text)).toEqual([]);
  });
});
