import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { hiddenActor } from './hidden-actor';

describe('clarity/hidden-actor', () => {
  it('has an id, a category and a one-sentence explanation, and leaves the actor for a person to name', () => {
    expect(hiddenActor.id).toBe('clarity/hidden-actor');
    expect(hiddenActor.category).toBe('clarity');
    expect(hiddenActor.explanation).toMatch(/^\S.{20,260}\.$/);
    expect(hiddenActor.autoFix).toBe(false);
  });

  it.each([
    ['After months of debate, the decision was made to close the Elm Street branch.', 'the decision was made'],
    ['Several errors have been made in the billing system since January.', 'Several errors have been made'],
    ['Tough choices will have to be made about the budget.', 'Tough choices will have to be made'],
    ['Cuts were made to the library’s hours.', 'Cuts were made'],
    ['The decision to close the pool was made in June.', 'The decision to close the pool was made'],
    ['It was decided that the fair would move to August.', 'It was decided that'],
    ['It has been determined that the bridge is unsafe.', 'It has been determined that'],
    ['Parents were told the bus route would end in June.', 'were told'],
    ['Residents have been advised to boil their water until further notice.', 'have been advised'],
    ['Parents were notified by email Tuesday.', 'were notified'],
    ['The council met Tuesday. The budget was approved after a two-hour debate.', 'was approved'],
    ['The school board met Monday. Funding for the band program was cut.', 'was cut'],
    ['Scammers call from local numbers. Older residents are being targeted, police said.', 'are being targeted'],
  ] as const)('flags %s', (text, flagged) => {
    expect(hitsOf(hiddenActor, text)).toEqual([{ text: flagged, suggestion: null }]);
  });

  it.each([
    'The decision was made by the school board on a 5-2 vote.',
    'Residents were told by the fire chief to stay indoors.',
    'Parents were notified by email Tuesday by the principal.',
    'Students were told to call their parents.',
    'The board decided to close the branch.',
    'Superintendent Ana Ruiz made the decision to close the school.',
    'The change was welcomed by riders.',
    'A man was found dead in his car Tuesday. The victim had been targeted, a relative said.',
    'The council met Tuesday. The levy, which was approved in 2019, expires in June.',
    'The council met Tuesday. The budget was approved by a 5-2 vote of the council.',
    'The budget was approved after a two-hour debate.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(hiddenActor, text)).toEqual([]);
  });
});
