import { describe, expect, it } from 'vitest';
import { snippetParts } from './search-marks';

const marked = (text: string, query: string) =>
  snippetParts(text, query)
    .filter((p) => p.match)
    .map((p) => p.text);

describe('snippetParts', () => {
  it('marks what the search matched: whole words, and the start of the last word typed', () => {
    expect(marked('Editor’s review · Working on wildfire.docx', 'wild')).toEqual(['wild']);
    expect(marked('The budget and the budgets', 'budget vote')).toEqual(['budget']);
    expect(marked('The budget vote and the budgets', 'budget vote')).toEqual(['budget', 'vote']);
    expect(marked('The budget vote and the budgets', 'vote budget')).toEqual(['budget', 'vote', 'budget']);
    expect(marked('A Café on Main', 'cafe')).toEqual(['Café']);
    expect(marked('A café on Main', 'CAF')).toEqual(['caf']);
  });

  it('never marks inside a word, and gives back every character of the text', () => {
    const text = 'A marathon, a mark and Amarillo';
    expect(marked(text, 'mar')).toEqual(['mar', 'mar']);
    expect(marked(text, 'arillo')).toEqual([]);
    expect(
      snippetParts(text, 'mar')
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it('leaves text with nothing to mark as one part, markup characters and all', () => {
    expect(snippetParts('<img src=x onerror=alert(1)>', '')).toEqual([{ text: '<img src=x onerror=alert(1)>', match: false }]);
    expect(snippetParts('<b>fire</b>', 'fire')).toEqual([
      { text: '<b>', match: false },
      { text: 'fire', match: true },
      { text: '</b>', match: false },
    ]);
  });
});
