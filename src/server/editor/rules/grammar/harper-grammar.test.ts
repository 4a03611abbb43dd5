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
});
