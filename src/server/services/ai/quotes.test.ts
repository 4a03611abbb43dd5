import { describe, expect, it } from 'vitest';
import { WriterWords } from './quotes';

const COPY =
  'Council member Dana Ortiz said the plan “will fix the worst streets first, and then we will turn to the sidewalks.” ' +
  'Mayor Ray Holt disagreed. "It\'s a budget we can\'t afford," Holt said.';

describe('the writer’s words, as the check of a model’s quotations reads them', () => {
  const writer = new WriterWords([COPY]);

  it('keeps a quotation the writer has, whole or in part, in any quotation marks and with its own edge punctuation', () => {
    expect(writer.judge('will fix the worst streets first, and then we will turn to the sidewalks.')).toEqual({ kind: 'kept' });
    expect(writer.judge('Will fix the worst streets first,')).toEqual({ kind: 'kept' });
    expect(writer.judge('It’s a budget we can’t afford.')).toEqual({ kind: 'kept' });
    expect(writer.judge('will fix the worst streets ... turn to the sidewalks')).toEqual({ kind: 'kept' });
  });

  it('does not accept pieces joined by an ellipsis out of their order', () => {
    expect(writer.judge('turn to the sidewalks … will fix the worst streets').kind).not.toBe('kept');
  });

  it('gives back the writer’s words for a quotation the model changed, in the model’s punctuation', () => {
    expect(writer.judge('will repair the worst streets first,')).toEqual({
      kind: 'altered',
      restored: 'will fix the worst streets first,',
    });
    expect(writer.judge('It is a budget we cannot afford.')).toEqual({ kind: 'altered', restored: "It's a budget we can't afford." });
  });

  it('calls a quotation nobody in the copy said invented, however short', () => {
    expect(writer.judge('We are thrilled to serve the community')).toEqual({ kind: 'invented' });
    expect(writer.judge('reckless')).toEqual({ kind: 'invented' });
    // "budge" is in "budget", but it is not a word the writer wrote.
    expect(writer.judge('budge')).toEqual({ kind: 'invented' });
  });

  it('does not take a few shared small words, spread across a long quote, for the same quotation', () => {
    expect(writer.judge('the streets and the sidewalks will be torn up for years to come').kind).toBe('invented');
  });

  it('knows the quotes of every message the writer sent and of their documents', () => {
    const words = WriterWords.of({
      history: [
        { role: 'user', content: 'Holt said the vote was "a mistake we will regret."' },
        { role: 'assistant', content: 'The council "voted to regret nothing."' },
      ],
      message: 'Tighten it',
      passages: [{ documentId: 1, filename: 'minutes.pdf', content: 'Ortiz: “The streets come first.”' }],
    });
    expect(words.judge('a mistake we will regret')).toEqual({ kind: 'kept' });
    expect(words.judge('The streets come first.')).toEqual({ kind: 'kept' });
    // The editor's own earlier reply is not the writer's copy.
    expect(words.judge('voted to regret nothing').kind).toBe('invented');
  });
});
