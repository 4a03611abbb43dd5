import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintWithHarper, stopHarper, warmHarper } from '../../harper/client';
import { hitsOf } from '../test-helpers';
import { harperGrammar } from './harper-grammar';

describe('grammar/grammar-check (harper.js)', () => {
  beforeAll(() => warmHarper(), 60_000);
  afterAll(() => stopHarper());
  const check = async (text: string) => hitsOf(harperGrammar, text, await lintWithHarper(text));

  it('reports harper.js grammar lints with their fix', async () => {
    expect(await check("The branch will offer counseling to it's members.")).toContainEqual({ text: "it's", suggestion: 'its' });
    expect(await check('He could of gone to the meeting.')).toContainEqual({ text: 'could of', suggestion: 'could have' });
  });

  it('drops lints that contradict AP style or misread news copy', async () => {
    // serial comma, a.m. read as an article, Dec. read as DEC, en dash in a score
    expect(await check('The unit will employ nurses, counselors and therapists.')).toEqual([]);
    expect(await check('A neighbor saw a man running at 2 a.m.')).toEqual([]);
    expect(await check('He will appear for arraignment Dec. 9 in court.')).toEqual([]);
    expect(await check('Northfield beat Ashbury 68-61 Friday.')).toEqual([]);
  });

  it('drops lints that misread correct news copy', async () => {
    // a dateline, a sentence harper thinks ends at Jr., past tense "agreeing", a prefixed compound, a decade, open compounds
    expect(await check('SAN FRANCISCO (AP) — A federal appeals court ruled Monday.')).toEqual([]);
    expect(await check('He played with trumpeter Lionel Batiste Jr. and pianist Ellis Graves.')).toEqual([]);
    expect(await check('Garrity allowed two runs in seven innings. He struck out eight and walked none.')).toEqual([]);
    expect(await check('The Cavaliers outshot the Blue Devils 17-8.')).toEqual([]);
    expect(await check('Temperatures were in the mid-40s at the start of the race.')).toEqual([]);
    expect(await check('Phoenix reached 116 degrees as a heat wave lasted 11 days.')).toEqual([]);
    expect(await check('"Every one of these apartments is a home," she said.')).toEqual([]);
    expect(await check('An arrest is an accusation, not a finding of guilt.')).toEqual([]);
    expect(await check('Forecasters expect highs between 112 and 115 degrees.')).toEqual([]);
    expect(await check('She said the city should first study whether a new building would cost less.')).toEqual([]);
  });

  it('does not split a word the newsroom list knows whole, and still splits a slip', async () => {
    // AP closes up "weeklong" and "homebuyer"; "incompletions" is the plural of a football term
    expect(await check('The weeklong festival drew homebuyers and nonprofit lawmakers.')).toEqual([]);
    expect(await check('He threw two incompletions before the pickleball fundraiser.')).toEqual([]);
    expect(await check('Officials belive the plan works.')).toContainEqual({ text: 'belive', suggestion: 'be live' });
  });

  it('keeps a possessive before a noun phrase and a team name, and still catches the slips', async () => {
    expect(await check('The Comets beat the Bears 78-68 on Friday night, their eighth win in 10 games.')).toEqual([]);
    expect(await check('Dale Ortiz had 19 points for the Rams, who fell to 4-6.')).toEqual([]);
    expect(await check('Residents said their going to the meeting anyway.')).toContainEqual({ text: 'their', suggestion: "they're" });
    expect(await check('She posted the video on Youtube on Monday.')).toContainEqual({ text: 'Youtube', suggestion: 'YouTube' });
  });

  it('reports, and never applies by itself', () => {
    expect(harperGrammar.autoFix).toBe(false);
  });
});
