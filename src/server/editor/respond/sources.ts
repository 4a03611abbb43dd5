import { analyze } from '../analyze';
import { MIN_QUOTE_WORDS, type QuoteCheck, type SourceText, type WordChange } from '../story/quote-sources';
import type { UploadedDocument } from '../types';
import type { FoundCopy } from './copy';
import { inline, plural } from './markdown';

/** The rules whose findings the review reports in its own section on sources rather than in the list. */
export const SOURCE_RULES: ReadonlySet<string> = new Set(['quote/altered-from-source', 'quote/not-in-sources']);

const SAME_WORDS_KEPT = 4;
const SOURCE_NAMES_LISTED = 4;

/**
 * The documents a story's quotations are looked up in: every uploaded document except the copy
 * itself (the document under review, or one holding the same text as the pasted copy).
 */
export function sourcesFor(copy: FoundCopy, documents: readonly UploadedDocument[]): SourceText[] {
  const own = copy.text.trim();
  return documents
    .map((d, i) => ({ name: d.name?.trim() || `document ${i + 1}`, text: d.text }))
    .filter(
      (d) => d.text.trim() && d.text.trim() !== own && !(copy.source === 'document' && copy.name !== undefined && d.name === copy.name),
    );
}

/** The quotation's words against the source's: the source's struck through, the copy's in bold, long stretches of agreement cut. */
export function markedChanges(changes: readonly WordChange[]): string {
  return changes
    .map((c, i) => {
      if (c.kind === 'removed') return `~~${c.words.join(' ')}~~`;
      if (c.kind === 'added') return `**${c.words.join(' ')}**`;
      const first = i === 0;
      const last = i === changes.length - 1;
      const w = c.words;
      if (first && w.length > SAME_WORDS_KEPT) return `… ${w.slice(-SAME_WORDS_KEPT).join(' ')}`;
      if (last && w.length > SAME_WORDS_KEPT) return `${w.slice(0, SAME_WORDS_KEPT).join(' ')} …`;
      if (!first && !last && w.length > 2 * SAME_WORDS_KEPT)
        return `${w.slice(0, SAME_WORDS_KEPT).join(' ')} … ${w.slice(-SAME_WORDS_KEPT).join(' ')}`;
      return w.join(' ');
    })
    .join(' ');
}

const named = (name: string) => `**${inline(name, 60)}**`;

function sourceNames(sources: readonly SourceText[]): string {
  const names = [...new Set(sources.map((s) => s.name))];
  const listed = names.slice(0, SOURCE_NAMES_LISTED).map(named);
  const more = names.length - listed.length;
  return more > 0 ? `${listed.join(', ')} and ${plural(more, 'other document')}` : listed.join(', ');
}

/** One line per quotation: those to check first (not found, then altered), then those found word for word. */
function checkLines(checks: readonly QuoteCheck[]): string[] {
  const quoted = (c: QuoteCheck) => `“${inline(c.quote, 120)}”`;
  const lines: string[] = [];
  for (const c of checks)
    if (c.lookup.status === 'not-found')
      lines.push(`- ❌ **Not found:** ${quoted(c)} is in none of your sources. Check it against your notes or recording before it runs.`);
  for (const c of checks)
    if (c.lookup.status === 'altered')
      lines.push(
        `- ⚠️ **Altered:** ${quoted(c)} differs from ${named(c.lookup.source)}, line ${c.lookup.line}: ${markedChanges(c.lookup.changes)} _(struck: the source’s words; bold: your copy’s)_. Quote it as said, or paraphrase.`,
      );
  for (const c of checks)
    if (c.lookup.status === 'found')
      lines.push(`- ✅ **Word for word:** ${quoted(c)} is in ${named(c.lookup.source)}, line ${c.lookup.line}.`);
  return lines;
}

/** The review's section on quotations and sources; empty when there are no sources. */
export function sourcesSection(
  checks: readonly QuoteCheck[],
  sources: readonly SourceText[],
  heading = '### Quotes against your sources',
): string[] {
  if (sources.length === 0) return [];
  const out = [heading];
  if (checks.length === 0) {
    out.push(`Your copy has no direct quotation of ${MIN_QUOTE_WORDS} words or more to look up in ${sourceNames(sources)}.`, '');
    return out;
  }
  const count = (status: QuoteCheck['lookup']['status']) => checks.filter((c) => c.lookup.status === status).length;
  const tally = (
    [
      ['found', 'word for word'],
      ['altered', 'altered'],
      ['not-found', 'not found'],
    ] as const
  )
    .filter(([status]) => count(status) > 0)
    .map(([status, label]) => `${count(status)} ${label}`)
    .join(', ');
  out.push(`I looked up ${plural(checks.length, 'quotation')} in ${sourceNames(sources)}: ${tally}.`, '', ...checkLines(checks), '');
  return out;
}

/** Whether a quotation needs the writer's attention: altered from its source or found in none. */
export const quotesToCheck = (checks: readonly QuoteCheck[]) => checks.filter((c) => c.lookup.status !== 'found').length;

/**
 * The same check as a note after a model's answer: each quotation of the writer's copy (pasted,
 * not one of the documents) looked up in the uploaded documents. Null without sources or quotations.
 */
export async function sourcesNote(copy: string, documents: readonly UploadedDocument[]): Promise<string | null> {
  const sources = sourcesFor({ text: copy, source: 'message' }, documents);
  if (sources.length === 0) return null;
  const { quotes } = await analyze(copy, { rules: [], sources });
  if (!quotes?.length) return null;
  const lines = sourcesSection(quotes, sources, '**Copydesk looked up your quotations in your sources:**');
  return `\n\n---\n\n${lines.join('\n').trim()}\n`;
}
