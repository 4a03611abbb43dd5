import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { cliches } from './cliches';

describe('quote/cliches', () => {
  it('has an id, a category and a one-sentence explanation, and never rewrites a source’s words', () => {
    expect(cliches.id).toBe('quote/cliches');
    expect(cliches.category).toBe('quote');
    expect(cliches.explanation).toMatch(/^\S.{20,260}\.$/);
    expect(cliches.autoFix).toBe(false);
  });

  it.each([
    ['“We just took it one game at a time,” coach Dale Ruiz said.', 'We just took it one game at a time'],
    ['“We took it one possession at a time,” guard Tia Moss said.', 'We took it one possession at a time'],
    ['"The guys came ready to play tonight," Ruiz said.', 'The guys came ready to play tonight'],
    ['"We came out and played hard and executed," coach Ann Boyd said.', 'We came out and played hard and executed'],
    ['"This move will optimize our retail footprint," CEO Dan Hale said.', 'This move will optimize our retail footprint'],
    ['"She’ll be sorely missed by everyone who knew her," said her sister, Ann Cole.', 'She’ll be sorely missed by everyone who knew her'],
    ['"He had a heart of gold," said longtime friend Sam Ito.', 'He had a heart of gold'],
    ['"We remain fully committed to our customers," said spokeswoman Lia Park.', 'We remain fully committed to our customers'],
    ['"The safety of our residents is our top priority," Mayor Tim Olds said.', 'The safety of our residents is our top priority'],
  ] as const)('flags %s', (text, flagged) => {
    expect(hitsOf(cliches, text)).toEqual([{ text: flagged, suggestion: null }]);
  });

  it.each([
    '"I threw a slider on the first pitch and he hit it 400 feet," pitcher Jake Moss said.',
    '"She drove a school bus for 31 years and knew every kid’s name," said her sister, Ann Cole.',
    '"We are cutting 40 jobs at the Fremont plant because orders fell by a third," said spokeswoman Lia Park.',
    '"Nobody wanted to be here at 11 at night, but we had no choice," Ruiz said.',
    // the stock phrase outside a quote is the writer’s, not a source’s
    'The team took the season one game at a time, Ruiz said.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(cliches, text)).toEqual([]);
  });
});
