import { findQuotes } from '../../editor/text/quotes';
import type { Passage } from './types';

/** What a quotation in the model's revised text is, measured against the writer's words. */
export type QuoteVerdict =
  | { kind: 'kept' }
  /** The model changed a quotation the writer had: `restored` is the writer's words in the model's punctuation. */
  | { kind: 'altered'; restored: string }
  /** Nothing in the writer's copy reads like it. */
  | { kind: 'invented' };

interface Token {
  word: string;
  start: number;
  end: number;
}

interface WriterQuote {
  text: string;
  tokens: Token[];
  words: Set<string>;
}

/** A quote shorter than this is a phrase, not a sentence someone said: it is kept or called out, never rebuilt. */
const ALTERED_MIN_WORDS = 3;
/** Share of the model's words that must appear, in order, in one of the writer's quotes for it to be that quote altered. */
const ALTERED_MIN_SHARE = 0.6;
/** The writer's words it is matched to may spread over at most this many times its own length. */
const ALTERED_MAX_SPREAD = 2;
/** The writer's quotes compared word by word with one of the model's (the comparison is quadratic). */
const ALTERED_CANDIDATES = 3;
/** Quotes longer than this are compared only on their first words. */
const QUOTE_MAX_TOKENS = 400;

const isLetter = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

const straighten = (s: string) => s.replace(/[‘’‛`´]/g, "'").replace(/[“”„]/g, '"');

/** A quote's words as a comparable string: straight marks, single spaces, no edge punctuation, lower case. */
function normalize(s: string): string {
  return straighten(s)
    .replace(/\s+/g, ' ')
    .replace(/^[\s"',.;:!?…—–-]+|[\s"',.;:!?…—–-]+$/g, '')
    .toLowerCase();
}

const IRREGULAR: Record<string, string[]> = {
  "won't": ['will', 'not'],
  "can't": ['can', 'not'],
  cannot: ['can', 'not'],
  "shan't": ['shall', 'not'],
};
const CONTRACTED: Array<[RegExp, string]> = [
  [/n't$/, 'not'],
  [/'re$/, 'are'],
  [/'ve$/, 'have'],
  [/'ll$/, 'will'],
  [/'m$/, 'am'],
  [/'d$/, 'would'],
  [/'s$/, 'is'],
];

/** A word as compared: a model that spells out "can't" as "cannot" has not changed the quote's words. */
function expand(word: string): string[] {
  if (IRREGULAR[word]) return IRREGULAR[word];
  for (const [ending, full] of CONTRACTED) if (ending.test(word)) return [word.replace(ending, ''), full];
  return [word];
}

function tokens(s: string): Token[] {
  const out: Token[] = [];
  for (const m of s.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu))
    for (const word of expand(straighten(m[0]).toLowerCase())) out.push({ word, start: m.index, end: m.index + m[0].length });
  return out.slice(0, QUOTE_MAX_TOKENS);
}

/** Indexes in `b` of a longest common subsequence of `a` and `b` (by word). */
function commonWords(a: readonly Token[], b: readonly Token[]): number[] {
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i]![j] = a[i]!.word === b[j]!.word ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const matched: number[] = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i]!.word === b[j]!.word) {
      matched.push(j);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return matched;
}

const quotedPassages = (text: string) => findQuotes(text).map((q) => text.slice(q.contentStart, q.contentEnd));

/**
 * The writer's words, as the check knows them: every message the writer sent in
 * this conversation and the passages of their documents.
 */
export class WriterWords {
  private readonly text: string;
  private readonly quotes: WriterQuote[];

  constructor(readonly sources: readonly string[]) {
    this.text = sources.map(normalize).join('\n');
    const seen = new Set<string>();
    this.quotes = sources
      .flatMap(quotedPassages)
      .filter((q) => !seen.has(q) && !!seen.add(q))
      .map((q) => {
        const t = tokens(q);
        return { text: q, tokens: t, words: new Set(t.map((w) => w.word)) };
      });
  }

  /** Where `words` (normalized) stand in the writer's text as whole words, from `from`; -1 when they do not. */
  private find(words: string, from: number): number {
    for (let at = this.text.indexOf(words, from); at >= 0; at = this.text.indexOf(words, at + 1)) {
      if (!isLetter(this.text[at - 1]) && !isLetter(this.text[at + words.length])) return at;
    }
    return -1;
  }

  static of(request: { message: string; history: ReadonlyArray<{ role: string; content: string }>; passages: readonly Passage[] }) {
    return new WriterWords([
      ...request.history.filter((t) => t.role === 'user').map((t) => t.content),
      request.message,
      ...request.passages.map((p) => p.content),
    ]);
  }

  /**
   * Judges the inside of one quotation the model wrote. Words the writer has
   * (an ellipsis may join pieces of them, in order) are kept; a quotation most
   * of whose words follow one of the writer's quotes is that quote altered;
   * anything else is invented.
   */
  judge(content: string): QuoteVerdict {
    const pieces = normalize(content)
      .split(/\s*(?:\.\.\.|…)\s*/)
      .map(normalize)
      .filter(Boolean);
    if (pieces.length === 0) return { kind: 'kept' };
    let from = 0;
    const inOrder = pieces.every((p) => {
      const at = this.find(p, from);
      if (at < 0) return false;
      from = at + p.length;
      return true;
    });
    if (inOrder) return { kind: 'kept' };

    const said = tokens(content);
    if (said.length < ALTERED_MIN_WORDS) return { kind: 'invented' };
    // Words in common bound the words in order: only the few likeliest quotes are compared word by word.
    const candidates = this.quotes
      .map((quote) => ({ quote, shared: said.filter((w) => quote.words.has(w.word)).length }))
      .filter((c) => c.shared / said.length >= ALTERED_MIN_SHARE)
      .sort((a, b) => b.shared - a.shared)
      .slice(0, ALTERED_CANDIDATES);
    let best: { quote: WriterQuote; matched: number[] } | null = null;
    for (const { quote } of candidates) {
      const matched = commonWords(said, quote.tokens);
      if (matched.length / said.length < ALTERED_MIN_SHARE) continue;
      const spread = matched.at(-1)! - matched[0]! + 1;
      if (spread > ALTERED_MAX_SPREAD * said.length) continue;
      if (!best || matched.length > best.matched.length) best = { quote, matched };
    }
    if (!best) return { kind: 'invented' };
    const { quote, matched } = best;
    const words = quote.text.slice(quote.tokens[matched[0]!]!.start, quote.tokens[matched.at(-1)!]!.end);
    const lead = content.match(/^[\s"',.;:!?…—–-]*/)![0];
    const tail = content.match(/[\s"',.;:!?…—–-]*$/)![0];
    return { kind: 'altered', restored: `${lead}${words}${tail}` };
  }
}
