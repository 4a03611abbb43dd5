import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { prLanguage } from './pr-language';

describe('quote/pr-language', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(prLanguage.id).toBe('quote/pr-language');
    expect(prLanguage.category).toBe('quote');
    expect(prLanguage.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    [
      '"We are excited to bring this new wing to our community," Kessler said.',
      'We are excited to bring this new wing to our community',
      null,
    ],
    [
      '"We couldn\'t be happier to join the Wrenfield community," said Janet Olsen.',
      "We couldn't be happier to join the Wrenfield community",
      null,
    ],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(prLanguage, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['"Families told us the weekend is the only time they can come in together," Brandt said.'])('leaves alone %s', (text) => {
    expect(hitsOf(prLanguage, text)).toEqual([]);
  });
});
