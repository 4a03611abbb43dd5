import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { changeWithoutBaseline } from './change-without-baseline';

describe('context/change-without-baseline', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(changeWithoutBaseline.id).toBe('context/change-without-baseline');
    expect(changeWithoutBaseline.category).toBe('context');
    expect(changeWithoutBaseline.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['Applications for permits rose 40%.', 'rose 40%', null],
    ['Truck thefts in the city jumped 25%.', 'jumped 25%', null],
    ["The chain's sales dropped 8% in the second quarter, to $91 million.", 'dropped 8%', null],
    ['Shares of the company rose 6 percent after the news.', 'rose 6 percent', null],
    ['The new jail will cost $61 million, nearly double what the county had planned.', 'nearly double what the county had planned', null],
    ['Repairs ran to three times the original estimate.', 'three times the original estimate', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(changeWithoutBaseline, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'Enrollment rose 9% from last year, the college said.',
    'Heating costs climbed by about $40,000 a year at the two schools, which run older boilers.',
    'Ortega doubled and scored on a single by Ruiz.',
    'Chicago fell 6 1/2 games behind Milwaukee.',
    'It earned $214 million, compared with $191 million a year earlier. Revenue rose 4% to $2.9 billion.',
    'Thefts jumped 25% in 2024, police said.',
    'Shares fell 8% on Thursday.',
    // a market move is dated by its trading session
    'Shares rose 6 percent in afternoon trading.',
    'The stock slid 3 percent for the week.',
    'The bridge cost $4 million, twice the original estimate of $2 million.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(changeWithoutBaseline, text)).toEqual([]);
  });
});
