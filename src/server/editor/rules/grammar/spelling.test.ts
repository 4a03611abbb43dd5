import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintWithHarper, stopHarper, warmHarper } from '../../harper/client';
import { hitsOf } from '../test-helpers';
import { spelling } from './spelling';

describe('grammar/spelling (harper.js)', () => {
  beforeAll(() => warmHarper(), 60_000);
  afterAll(() => stopHarper());
  const check = async (text: string) => hitsOf(spelling, text, await lintWithHarper(text));

  it('has an id, a category and an explanation', () => {
    expect(spelling.id).toBe('grammar/spelling');
    expect(spelling.category).toBe('grammar');
    expect(spelling.needsHarper).toBe(true);
  });

  it('flags a misspelled word with a close correction', async () => {
    expect(await check('The county recieved more than 300 comments.')).toContainEqual({ text: 'recieved', suggestion: 'received' });
    expect(await check('The state goverment pays the rest.')).toContainEqual({ text: 'goverment', suggestion: 'government' });
  });

  it('leaves alone the names harper cannot know, acronyms and web addresses', async () => {
    expect(await check('Velden County Commissioner Ruth Oyelaran met Quillby officials at the SRF office.')).toEqual([]);
    expect(await check('Read more at www.wrenfieldlibrary.org or email help@wrenfield.gov today.')).toEqual([]);
  });

  it('leaves alone plurals harper only knows as possessives, parts of compounds and decades', async () => {
    expect(await check('He pitched seven innings for the Cardinals.')).toEqual([]);
    expect(await check('Right-hander Theo Wills starts Monday.')).toEqual([]);
    expect(await check('Highs will return to the 40s by the weekend.')).toEqual([]);
  });

  it('flags the common misspellings a word list could let through', async () => {
    const hits = await check('The county recieved the goverment libary sytem and will accomodate them.');
    expect(hits.map((h) => h.text)).toEqual(['recieved', 'goverment', 'libary', 'sytem', 'accomodate']);
    // the known correction, not harper's nearest word ("stem")
    expect(hits).toContainEqual({ text: 'sytem', suggestion: 'system' });
    expect((await check('Officials said the cieling was accidently damaged.')).map((h) => h.text)).toEqual(['cieling', 'accidently']);
  });

  it('knows the words of the news: drugs, sports and inflections', async () => {
    expect(await check('Paramedics gave him naloxone; officers found fentanyl, xylazine and buprenorphine.')).toEqual([]);
    expect(await check('Doctors prescribed semaglutide and tirzepatide for the trial.')).toEqual([]);
    expect(await check('He threw two incompletions and a touchback before the shootaround ended.')).toEqual([]);
    expect(await check("The naloxone's effect wore off after a livestream.")).toEqual([]);
  });

  it('lets pass the names a story establishes, even where they open a sentence', async () => {
    expect(await check('Kingsbury and Blackwood lead the team. Blackwood scored twice. Kingsbury assisted.')).toEqual([]);
    expect(await check('Oyelaran met Tkachuk. Tkachuk left early.')).toEqual([]);
  });

  it('checks a common misspelling that opens a sentence unless the story makes it a name', async () => {
    expect(await check('Goverment officials met Tuesday.')).toContainEqual({ text: 'Goverment', suggestion: 'Government' });
    expect(await check('Sytem engineers met Tuesday.')).toContainEqual({ text: 'Sytem', suggestion: 'System' });
    expect(await check('Libary said the vote was close. Council member Ann Libary voted no.')).toEqual([]);
  });

  it('reports, and never applies by itself', () => {
    expect(spelling.autoFix).toBe(false);
  });
});
