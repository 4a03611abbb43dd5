import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { dates } from './dates';

describe('style/dates', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(dates.id).toBe('style/dates');
    expect(dates.category).toBe('style');
    expect(dates.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The board will vote January 15 on the plan.', 'January 15', 'Jan. 15'],
    ['The market opens Sept. 5th in the lot.', 'Sept. 5th', 'Sept. 5'],
    ['The workshop is Mar. 3 at the school.', 'Mar. 3', 'March 3'],
    ['Registration closes August 20.', 'August 20', 'Aug. 20'],
    ['The report came out in Oct. and drew complaints.', 'Oct.', 'October'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(dates, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The vote is Jan. 15.',
    'The work will start in March.',
    'The hearing is March 14.',
    'He will appear Dec. 9 in court.',
    'The season starts in August.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(dates, text)).toEqual([]);
  });
});
