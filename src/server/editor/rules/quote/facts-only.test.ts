import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { factsOnly } from './facts-only';

describe('quote/facts-only', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(factsOnly.id).toBe('quote/facts-only');
    expect(factsOnly.category).toBe('quote');
    expect(factsOnly.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    [
      '"Saleh has worked as a surgeon for 18 years and has performed more than 4,000 operations," Rourke said.',
      'Saleh has worked as a surgeon for 18 years and has performed more than 4,000 operations',
      null,
    ],
    [
      '"The plant employed 240 people in 2019 and 310 people in 2024," Rourke said.',
      'The plant employed 240 people in 2019 and 310 people in 2024',
      null,
    ],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(factsOnly, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    '"I kept thinking about the seniors who lost in this gym in 2023, and I wanted this one for them," Banks said.',
    '"A family in crisis should not have to drive three hours to find a bed," Park said.',
    // a remembrance is what an obituary quotes a friend for, whatever numbers it holds
    '"She knew the name of every kid who came through that door, and she remembered them 24 years later," said Jo Pike, who worked with her for 12 years.',
    '"He opened that shop at 6 every morning for 41 years and never missed a day," said Al Ruiz.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(factsOnly, text)).toEqual([]);
  });
});
