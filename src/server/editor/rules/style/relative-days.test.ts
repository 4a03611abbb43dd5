import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { relativeDays } from './relative-days';

describe('style/relative-days', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(relativeDays.id).toBe('style/relative-days');
    expect(relativeDays.category).toBe('style');
    expect(relativeDays.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['Wynn appeared in court yesterday on theft charges.', 'yesterday', null],
    ['The museum will reopen tomorrow.', 'tomorrow', null],
    ['The trustees met last night to discuss the levy.', 'last night', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(relativeDays, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['Wynn appeared in court Tuesday.', '"I will decide tomorrow," she said.'])('leaves alone %s', (text) => {
    expect(hitsOf(relativeDays, text)).toEqual([]);
  });
});
