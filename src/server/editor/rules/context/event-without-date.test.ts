import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { eventWithoutDate } from './event-without-date';

describe('context/event-without-date', () => {
  it('has an id, a category and a one-sentence explanation, and asks rather than fixes', () => {
    expect(eventWithoutDate.id).toBe('context/event-without-date');
    expect(eventWithoutDate.category).toBe('context');
    expect(eventWithoutDate.explanation).toMatch(/^\S.{20,260}\.$/);
    expect(eventWithoutDate.autoFix).toBe(false);
  });

  it.each([
    ['A public hearing on the rezoning has been scheduled.', 'A public hearing on the rezoning has been scheduled'],
    ['A second meeting will be held to take comments on the plan.', 'A second meeting will be held'],
    ['The board will take up the budget at an upcoming meeting.', 'at an upcoming meeting'],
    ['A vote on the levy is expected at a future session.', 'at a future session'],
    ['The sentencing was set after the jury left.', 'The sentencing was set'],
  ] as const)('flags %s', (text, flagged) => {
    expect(hitsOf(eventWithoutDate, text)).toEqual([{ text: flagged, suggestion: null }]);
  });

  it.each([
    'A hearing on the rezoning is scheduled for 7 p.m. Tuesday at City Hall.',
    'The trial was set for Nov. 12 in Hennepin County District Court.',
    'The next meeting will be held March 3 at the library.',
    'The board will vote on the levy at its next meeting, on Monday.',
    'A meeting was held last week with neighbors.',
    // "the hearing" points back to one the story has dated
    'A hearing on the rezoning is set for Tuesday at City Hall. Dozens of residents plan to speak. The hearing was scheduled after a petition drive.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(eventWithoutDate, text)).toEqual([]);
  });
});
