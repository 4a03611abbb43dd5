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
  ])('leaves alone %s', (text) => {
    expect(hitsOf(crimesAsFact, text)).toEqual([]);
  });
});
