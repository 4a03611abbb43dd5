import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { crimesAsFact } from './crimes-as-fact';

describe('legal/crimes-as-fact', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(crimesAsFact.id).toBe('legal/crimes-as-fact');
    expect(crimesAsFact.category).toBe('legal');
    expect(crimesAsFact.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it('offers its fix to the writer, never to a rewrite: the legal call is about one person', () => {
    expect(crimesAsFact.autoFix).toBe(false);
  });

  it.each([
    ['Police arrested a man Saturday after he stole a pickup truck.', 'he stole', 'he allegedly stole'],
    [
      'A clerk was charged Monday with theft. Dana Voss, 41, the clinic’s billing manager since 2020, embezzled $90,000.',
      'Voss, 41, the clinic’s billing manager since 2020, embezzled',
      null,
    ],
    [
      'Derek Holm, who assaulted a bus driver in March, will appear in court on a felony assault charge.',
      'who assaulted',
      'who allegedly assaulted',
    ],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(crimesAsFact, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'Police arrested a man Saturday after he stole a pickup truck, police said.',
    'The woman in charge of the library said Jones shot 8 of 12 from the field.',
    'A jury found Holm guilty. He assaulted a driver in March.',
    // a game, not a crime, even in a story where someone is charged
    'Harlan Voss, 42, is charged with assault. Marla Ortiz scored 22 points and the Macon Comets beat the Spokane Bears 78-68 on Friday night.',
    'Harlan Voss, 42, is charged with assault. The Macon Comets beat the Spokane Bears on Friday, their eighth win in 10 games.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(crimesAsFact, text)).toEqual([]);
  });

  it.each([
    ['Harlan Voss, 42, is charged with assault. Voss punched a bouncer outside the bar.', 'Voss punched', 'Voss allegedly punched'],
    [
      'Owen Tully, 23, pleaded not guilty to assault. The man who attacked Greer has no record, according to court records.',
      'The man who attacked',
      null,
    ],
    ['Owen Tully, 23, is charged with robbery. After robbing the pharmacy, Tully drove to Ohio.', 'After robbing', null],
    ['The builder, Carl Voss, swindled 40 families out of their deposits.', 'Voss, swindled', null],
    ['Ridge Paper illegally dumped dye into the creek for a decade.', 'Paper illegally dumped', null],
    ['Nurses were fired for leafleting, an illegal act of retaliation by managers.', 'an illegal act', null],
    // neither a conditional nor a grand jury's "conviction" is one
    [
      'A grand jury convicted Lee Ames on June 2, and he pleaded not guilty. If convicted, he faces 11 years. The man who stabbed Cole had no record.',
      'The man who stabbed',
      null,
    ],
    ['Harlan Voss, 42, is charged with assault. Voss beat a bouncer outside the bar.', 'Voss beat', 'Voss allegedly beat'],
    // a conditional does not switch the check off
    [
      'Harlan Voss, 42, is charged with assault. He faces up to five years if convicted. Voss punched a bouncer outside the bar.',
      'Voss punched',
      'Voss allegedly punched',
    ],
    // one defendant's conviction is not another's
    [
      'Jana Ortiz was found guilty of theft in May. Her co-worker, Lee Brand, is charged with helping her. Brand pocketed $4,000 from the register.',
      'Brand pocketed',
      'Brand allegedly pocketed',
    ],
    [
      'Harlan Voss, 42, is charged with assault. Voss, who works at a car wash, punched a bouncer.',
      'Voss, who works at a car wash, punched',
      null,
    ],
    ['The woman was stabbed by her ex-boyfriend.', 'was stabbed by her ex-boyfriend', null],
  ] as const)('flags per person: %s', (text, flagged, suggestion) => {
    expect(hitsOf(crimesAsFact, text)).toEqual([{ text: flagged, suggestion }]);
  });

  it.each([
    'Jana Ortiz was found guilty of theft in May. Ortiz pocketed $4,000 from the register.',
    'Harlan Voss, 42, is charged with assault. Police say Voss punched a bouncer outside the bar.',
    'Harlan Voss, 42, is charged with assault. Voss punched a bouncer outside the bar, the criminal complaint says.',
    'Mara Lind was killed by a drunken driver on Highway 10, the State Patrol said.',
    'Harlan Voss, 42, is charged with assault. Voss hit a double in the church softball league.',
    'The cyclist was killed by a truck on Highway 10.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(crimesAsFact, text)).toEqual([]);
  });
});
