import { describe, expect, it } from 'vitest';
import { isNewsroomWord, knownMisspelling } from './newsroom-words';

describe('the newsroom word list', () => {
  it('knows drug names, sports terms, closed compounds and inflections', () => {
    for (const word of ['naloxone', 'fentanyl', 'xylazine', 'semaglutide', 'touchback', 'shootaround', 'pickleball', 'weeklong'])
      expect(isNewsroomWord(word), word).toBe(true);
    for (const word of ['nonprofit', 'lawmaker', 'homebuyers', 'incompletions', 'quarterbacked'])
      expect(isNewsroomWord(word), word).toBe(true);
  });

  it('ignores case and a possessive ending', () => {
    expect(isNewsroomWord('Naloxone')).toBe(true);
    expect(isNewsroomWord('lawmaker’s')).toBe(true);
    expect(isNewsroomWord("homebuyers'")).toBe(true);
  });

  it('leaves out misspellings, even those a broad word list accepts', () => {
    for (const word of ['recieved', 'goverment', 'libary', 'sytem', 'accomodate', 'belive', 'cieling', 'accidently'])
      expect(isNewsroomWord(word), word).toBe(false);
  });

  it('knows the correction of a common misspelling, and nothing for a correct word', () => {
    expect(knownMisspelling('Sytem')).toEqual(['system']);
    expect(knownMisspelling('goverment')).toEqual(['government']);
    expect(knownMisspelling('naloxone')).toBeNull();
  });
});
