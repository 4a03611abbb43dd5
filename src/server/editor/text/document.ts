import type { HarperLint } from '../harper/client';
import { findDatelines, findLabels, type LayoutSpan } from './layout';
import { findQuotes, type QuoteSpan } from './quotes';
import { splitSentences, type SentenceSpan } from './sentences';
import type { SourceText } from '../story/quote-sources';

export interface Sentence extends SentenceSpan {
  index: number;
  text: string;
}

/** Everything a rule reads: the text and its structure, computed once per analysis. */
export interface Doc {
  text: string;
  sentences: Sentence[];
  quotes: QuoteSpan[];
  /** Wire datelines ("SPRINGFIELD, Ill. (AP) — "): place names in AP's dateline form, not prose. */
  datelines: LayoutSpan[];
  /** Section labels on lines of their own ("UP NEXT", "THEFT:"). */
  labels: LayoutSpan[];
  /** Whether [start, end) overlaps a dateline or a section label. */
  inLayout(start: number, end?: number): boolean;
  /** harper.js lints, or null while the grammar checker is not ready. */
  harper: HarperLint[] | null;
  /** Whether [start, end) overlaps the words inside a quotation. */
  inQuote(start: number, end?: number): boolean;
  quoteAt(offset: number): QuoteSpan | undefined;
  sentenceAt(offset: number): Sentence | undefined;
  /** Whether `offset` is where a sentence's first word begins (after any opening quote or bracket, or a dateline). */
  startsSentence(offset: number): boolean;
  /** Text of the document with every quotation's words blanked out (same length). */
  outsideQuotes: string;
  /** The writer's sources (uploaded documents) that quotations are looked up in; none by default. */
  sources: readonly SourceText[];
  /** When the copy is read: the date a story without one of its own is judged against. */
  now: Date;
  /** Memo for expensive derived data (a parsed tree) shared between rules. */
  memo<T>(key: string, make: () => T): T;
}

export function buildDocument(
  text: string,
  harper: HarperLint[] | null = null,
  sources: readonly SourceText[] = [],
  now: Date = new Date(),
): Doc {
  const spans = splitSentences(text);
  const sentences: Sentence[] = spans.map((s, index) => ({ ...s, index, text: text.slice(s.start, s.end) }));
  const quotes = findQuotes(text);
  const datelines = findDatelines(text);
  const labels = findLabels(text);
  const layout = [...datelines, ...labels];
  let outside = text;
  if (quotes.length) {
    const parts: string[] = [];
    let last = 0;
    for (const q of quotes) {
      parts.push(text.slice(last, q.contentStart), ' '.repeat(q.contentEnd - q.contentStart));
      last = q.contentEnd;
    }
    parts.push(text.slice(last));
    outside = parts.join('');
  }
  const cache = new Map<string, unknown>();
  const sentenceAt = (offset: number) => {
    let lo = 0;
    let hi = sentences.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = sentences[mid]!;
      if (offset < s.start) hi = mid - 1;
      else if (offset >= s.end) lo = mid + 1;
      else return s;
    }
    return undefined;
  };
  return {
    text,
    sentences,
    quotes,
    datelines,
    labels,
    inLayout(start, end = start + 1) {
      return layout.some((l) => start < l.end && end > l.start);
    },
    harper,
    sources,
    now,
    outsideQuotes: outside,
    inQuote(start, end = start + 1) {
      return quotes.some((q) => start < q.contentEnd && end > q.contentStart);
    },
    quoteAt(offset) {
      return quotes.find((q) => offset >= q.contentStart && offset < q.contentEnd);
    },
    sentenceAt,
    startsSentence(offset) {
      const s = sentenceAt(offset);
      if (!s) return false;
      const from = datelines.find((d) => d.start <= offset && d.end <= offset && d.end > s.start)?.end ?? s.start;
      return /^[\s"“‘'([]*$/.test(text.slice(from, offset));
    },
    memo<T>(key: string, make: () => T): T {
      if (!cache.has(key)) cache.set(key, make());
      return cache.get(key) as T;
    },
  };
}
