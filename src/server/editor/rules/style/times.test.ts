import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { times } from './times';

describe('style/times', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(times.id).toBe('style/times');
    expect(times.category).toBe('style');
    expect(times.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The hearing is at 7pm Tuesday.', '7pm', '7 p.m.'],
    ['The lecture starts at 7:00 p.m. Thursday.', '7:00 p.m.', '7 p.m.'],
    ['The market opens at 12 p.m. Saturday.', '12 p.m.', 'noon'],
    ['Doors open at 9 AM.', '9 AM', '9 a.m.'],
    ['The party ends at 12 midnight.', '12 midnight', 'midnight'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(times, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['The clinic runs from 9 a.m. to 3 p.m. Saturday.', 'The warning lasts until noon Thursday.', 'The meeting starts at 6:30 p.m.'])(
    'leaves alone %s',
    (text) => {
      expect(hitsOf(times, text)).toEqual([]);
    },
  );
});
