import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { weaselQuantities } from './weasel-quantities';

describe('vague/weasel-quantities', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(weaselQuantities.id).toBe('vague/weasel-quantities');
    expect(weaselQuantities.category).toBe('vague');
    expect(weaselQuantities.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['Many residents told surveyors they spend half their income on rent.', 'Many residents', null],
    ['A number of parents spoke against the schedule.', 'A number of parents', null],
    ['Researchers surveyed teachers at several districts in the state.', 'several districts', null],
    ['Parent after parent asked the board to keep the school open.', 'Parent after parent', null],
    ['An increasing number of drivers are skipping the toll road.', 'An increasing number of', null],
    ['Car break-ins have been on the rise recently, police said.', 'on the rise recently', null],
    ['Attendance has been slipping for a while, the director said.', 'slipping for a while', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(weaselQuantities, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'Forty residents told surveyors they spend half their income on rent.',
    'How many residents attended is unclear.',
    'As many as 40 people attended.',
    'Several drivers said the schedule left no time for breaks.',
    'The study took several years to finish.',
    'Year after year, the festival draws a crowd.',
    'A growing number of families, 312 this fall, chose charter schools.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(weaselQuantities, text)).toEqual([]);
  });
});
