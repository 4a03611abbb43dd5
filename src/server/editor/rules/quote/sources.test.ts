import { describe, expect, it } from 'vitest';
import { analyze } from '../../analyze';
import type { SourceText } from '../../story/quote-sources';
import { alteredFromSource, notInSources } from './sources';

const notes: SourceText = {
  name: 'council-notes.txt',
  text: 'MAYOR LEE: This budget keeps every branch open and every librarian employed.\nCHEN: I voted no because the numbers do not add up.',
};

const story = [
  'The council approved the budget 5-2 on Tuesday.',
  '"This budget keeps every branch open and every librarian employed," Mayor Dana Lee said.',
  'Council member Ray Chen said, "I voted no because the figures do not add up."',
  '"We will fight this in court until the last day," said resident Ana Ruiz.',
].join('\n\n');

const quoteFindings = async (sources?: SourceText[]) =>
  (await analyze(story, { sources })).findings
    .filter((f) => f.ruleId === alteredFromSource.id || f.ruleId === notInSources.id)
    .map((f) => ({ ruleId: f.ruleId, text: f.text, message: f.message }));

describe('quotations against the writer’s sources', () => {
  it('passes a quotation found word for word, shows what changed in an altered one, and flags one found nowhere', async () => {
    expect(await quoteFindings([notes])).toEqual([
      {
        ruleId: 'quote/altered-from-source',
        text: 'I voted no because the figures do not add up.',
        message:
          'Quote differs from council-notes.txt (line 2): "I voted no because the numbers do not add up". Changes: I voted no because the [-numbers-] {+figures+} do not add up.',
      },
      {
        ruleId: 'quote/not-in-sources',
        text: 'We will fight this in court until the last day',
        message: 'Quote not found in your sources (council-notes.txt): check it before it runs.',
      },
    ]);
  });

  it('checks nothing when the writer has uploaded no sources', async () => {
    expect(await quoteFindings()).toEqual([]);
    expect(await quoteFindings([])).toEqual([]);
  });

  it('states each rule in one sentence, and neither fixes the quotation', () => {
    for (const rule of [alteredFromSource, notInSources]) {
      expect(rule.category).toBe('quote');
      expect(rule.autoFix).toBe(false);
      expect(rule.explanation).toMatch(/^\S.{20,260}\.$/);
    }
  });
});
