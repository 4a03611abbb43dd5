import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { smallNumbers } from './small-numbers';

describe('style/small-numbers', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(smallNumbers.id).toBe('style/small-numbers');
    expect(smallNumbers.category).toBe('style');
    expect(smallNumbers.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['Leland said the plan will cut 4 bus routes.', '4', 'four'],
    ['The board will add 3 teachers next year.', '3', 'three'],
    ['It took 2 weeks to finish.', '2', 'two'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(smallNumbers, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The district lost 600 students.',
    'Response times fell from 11 minutes to just under 8 minutes.',
    'She won in 2 hours, 26 minutes, 41 seconds.',
    'Chicago fell 6 1/2 games behind Milwaukee.',
    'About 1 in 4 rural residents lack access.',
    'Temperatures will drop to a low of 9 on Wednesday night.',
    'The children, ages 2, 4 and 7, are siblings.',
    'Families stood in the street at 4 in the morning.',
    'Students in grades 3 through 5 will take the test.',
    'Dale Conroy, 37, was arrested.',
    'The fire burned 5 acres.',
    'It rose 5% in a year.',
    'The meeting starts at 7 p.m.',
    'Route 9 was closed.',
    'A 6-year-old boy was hurt.',
    'The vote was 5-4.',
    'Budget cuts of $5 million were approved.',
    'The team won 3 to 1.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(smallNumbers, text)).toEqual([]);
  });
});
