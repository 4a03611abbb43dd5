import type { Doc } from '../../text/document';
import { describeChanges, lookUpQuote, MIN_QUOTE_WORDS, type QuoteCheck } from '../../story/quote-sources';
import { defineRule, type Hit } from '../rule';
import { quotations, type Quotation } from './quotations';

/** Every quotation long enough to look up, looked up in the document's sources (none without sources). */
export function quoteChecks(doc: Doc): QuoteCheck[] {
  if (doc.sources.length === 0) return [];
  return doc.memo('quote-checks', () =>
    quotations(doc)
      .filter((q: Quotation) => q.words >= MIN_QUOTE_WORDS)
      .map((q) => ({ start: q.start, end: q.end, quote: q.content, lookup: lookUpQuote(q.content, doc.sources) })),
  );
}

export const alteredFromSource = defineRule({
  id: 'quote/altered-from-source',
  category: 'quote',
  explanation: 'A direct quotation gives the speaker’s exact words: if the source says otherwise, quote it as said or paraphrase.',
  autoFix: false,
  check(doc) {
    const hits: Hit[] = [];
    for (const c of quoteChecks(doc)) {
      if (c.lookup.status !== 'altered') continue;
      const { source, line, excerpt, changes } = c.lookup;
      hits.push({
        start: c.start,
        end: c.end,
        message: `Quote differs from ${source} (line ${line}): "${excerpt}". Changes: ${describeChanges(changes)}.`,
        suggestion: null,
      });
    }
    return hits;
  },
});

export const notInSources = defineRule({
  id: 'quote/not-in-sources',
  category: 'quote',
  explanation: 'A quotation found in none of the sources you uploaded needs checking against your notes or recording before it runs.',
  autoFix: false,
  check(doc) {
    return quoteChecks(doc)
      .filter((c) => c.lookup.status === 'not-found')
      .map((c) => ({
        start: c.start,
        end: c.end,
        message: `Quote not found in your sources (${doc.sources.map((s) => s.name).join(', ')}): check it before it runs.`,
        suggestion: null,
      }));
  },
});
