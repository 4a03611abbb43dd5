import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { capitalization } from './capitalization';

describe('style/capitalization', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(capitalization.id).toBe('style/capitalization');
    expect(capitalization.category).toBe('style');
    expect(capitalization.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The debate began last Fall and ran into the Winter.', 'Fall', 'fall'],
    ['The debate began last Fall and ran into the Winter.', 'Winter', 'winter'],
    ['Crews will repave the stretch of road in early Spring.', 'Spring', 'spring'],
    ['The bakery faces Main street.', 'street', 'Street'],
    ['A car crashed on Old Mill road near the bridge.', 'road', 'Road'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(capitalization, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'Winter storms closed schools Tuesday.',
    'She competed in the Winter Olympics in 2018.',
    'The store on Spring Street closed.',
    'The Fall Festival starts Friday.',
    'Kyle Winter scored twice.',
    'Classes for Fall 2025 are full.',
    'The fire spread along Main and Elm streets.',
    'He lived on a Chicago street for years.',
    'The festival is held each fall.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(capitalization, text)).toEqual([]);
  });
});
