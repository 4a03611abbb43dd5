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

  it('reports, and never applies by itself', () => {
    expect(spelling.autoFix).toBe(false);
  });
});
