import { describe, expect, it } from 'vitest';
import { describeChanges, lookUpQuote, quotedRuns, type SourceText } from './quote-sources';

const transcript: SourceText = {
  name: 'park-interview.txt',
  text: [
    'Q: What happens to the library now?',
    'PARK: We have been asking for this money for six years, and tonight the council finally listened.',
    'PARK: The children’s wing will open next fall — if the contractor keeps to the schedule.',
  ].join('\n'),
};
const release: SourceText = { name: 'city-release.txt', text: 'The city is proud to invest in its libraries for the next generation.' };
const sources = [release, transcript];

describe('lookUpQuote', () => {
  it('finds a quotation word for word, whatever its marks, case and spacing, and says where', () => {
    expect(lookUpQuote('we have been asking for this money  for six years', sources)).toEqual({
      status: 'found',
      source: 'park-interview.txt',
      line: 2,
      excerpt: 'We have been asking for this money for six years',
    });
    expect(lookUpQuote("The children's wing will open next fall - if the contractor keeps to the schedule", sources)).toMatchObject({
      status: 'found',
      line: 3,
    });
  });

  it('takes a compound hyphenated or closed up for one word, and shows the words a quotation replaced at its start', () => {
    const notes: SourceText = { name: 'notes.txt', text: 'Q: Next?\nHOLT: We’ve got to be tougher with our co-workers on the road.' };
    expect(lookUpQuote('We’ve got to be tougher with our coworkers on the road', [notes])).toMatchObject({ status: 'found' });
    const altered = lookUpQuote('We have to be tougher with our co-workers on the road', [notes]);
    expect(altered).toMatchObject({ status: 'altered', excerpt: 'We’ve got to be tougher with our co-workers on the road' });
    expect(altered.status === 'altered' && describeChanges(altered.changes)).toBe(
      '[-We’ve got-] {+We have+} to be tougher with our co-workers on the road',
    );
  });

  it('takes an ellipsis as words left out and a bracketed insertion as the writer’s, not as changes', () => {
    expect(lookUpQuote('We have been asking for this money … and tonight the council finally listened', sources)).toMatchObject({
      status: 'found',
      source: 'park-interview.txt',
    });
    expect(lookUpQuote('[The] children’s wing will open next fall...if the contractor keeps to the schedule', sources)).toMatchObject({
      status: 'found',
    });
    expect(quotedRuns('one two … three [four] five')).toEqual([['one', 'two'], ['three'], ['five']]);
  });

  it('shows the word-level changes of a quotation that departs from its source', () => {
    const lookup = lookUpQuote('We have been begging for this money for seven years', sources);
    expect(lookup).toMatchObject({
      status: 'altered',
      source: 'park-interview.txt',
      line: 2,
      excerpt: 'We have been asking for this money for six years',
    });
    if (lookup.status !== 'altered') throw new Error('expected an altered quotation');
    expect(describeChanges(lookup.changes)).toBe('We have been [-asking-] {+begging+} for this money for [-six-] {+seven+} years');
  });

  it('does not find a quotation that no source holds, or holds only a few of its words', () => {
    expect(lookUpQuote('The budget is a disgrace and everyone on the council knows it', sources)).toEqual({ status: 'not-found' });
    expect(lookUpQuote('Tonight the mayor ignored every single one of us', sources)).toEqual({ status: 'not-found' });
    expect(lookUpQuote('We have been asking for this money for six years', [])).toEqual({ status: 'not-found' });
  });
});
