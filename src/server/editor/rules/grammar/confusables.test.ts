import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { confusables } from './confusables';

describe('grammar/confusables', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(confusables.id).toBe('grammar/confusables');
    expect(confusables.category).toBe('grammar');
    expect(confusables.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The plan costs more then the old one.', 'more then', 'more than'],
    ['The school has less students this year.', 'less students', 'fewer students'],
    ['The team was lead by its captain.', 'was lead by', 'was led by'],
    ['Auditors poured over the records for weeks.', 'poured over', 'pored over'],
    ['If you think that, your not going to like the plan.', 'your not', 'you’re not'],
    ['Voters will decide weather the levy passes.', 'decide weather', 'decide whether'],
    ['It is unclear weather the store will reopen.', 'unclear weather', 'unclear whether'],
    ['Officials asked weather residents had lost power.', 'asked weather', 'asked whether'],
    ['The mayor said the city wont pay for the repairs.', 'wont', 'won’t'],
    ['Wont be easy, the coach said of the schedule.', 'Wont', 'Won’t'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(confusables, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The plan costs more than the old one.',
    'The school has fewer students.',
    'It took less than 24 hours.',
    'The law protects your right to vote.',
    'Heavy rain will pour over the region Friday.',
    'Readers turned to advice columns for help.',
    'Keep your welcome packet.',
    'Crews could not see the road in the weather that night.',
    'Forecasters know weather patterns shift in spring.',
    'As was his wont, the mayor arrived early.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(confusables, text)).toEqual([]);
  });
});
