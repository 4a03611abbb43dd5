/**
 * Looks a quotation up in the writer's sources (transcripts, notes, filings, releases): found word
 * for word, found with words changed, or not found. Words are compared without case or
 * punctuation, so curly and straight marks, dashes and spacing never count as changes; an
 * ellipsis in the quotation stands for words left out, and a [bracketed insertion] for words the
 * writer put in, so neither is an alteration as long as what remains is the source's own.
 */

export interface SourceText {
  /** What the writer calls it: a file name. */
  name: string;
  text: string;
}

/** One word of the source, where it is. */
interface SourceWord {
  /** Compared without case, curly apostrophes straightened. */
  word: string;
  /** As written. */
  raw: string;
  start: number;
  end: number;
}

export type WordChange = { kind: 'same' | 'removed' | 'added'; words: string[] };

export type QuoteLookup =
  | { status: 'found'; source: string; line: number; excerpt: string }
  | { status: 'altered'; source: string; line: number; excerpt: string; changes: WordChange[] }
  | { status: 'not-found' };

/** A quotation of the copy and what its lookup found. */
export interface QuoteCheck {
  start: number;
  end: number;
  quote: string;
  lookup: QuoteLookup;
}

/** A quotation this short is a phrase or a scare quote, not a sentence to look up. */
export const MIN_QUOTE_WORDS = 4;
/** At most this share of a quotation's words may differ for it to count as an altered version of a passage. */
const MAX_CHANGED_SHARE = 0.4;

// A hyphenated compound is one word, compared closed up: "co-workers" and "coworkers" are the same word spelled two ways.
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const normal = (word: string) => word.toLowerCase().replace(/’/g, "'").replace(/-/g, '');

function wordsOf(text: string): SourceWord[] {
  return [...text.matchAll(WORD)].map((m) => ({ word: normal(m[0]), raw: m[0], start: m.index, end: m.index + m[0].length }));
}

const GAP = /\[[^\]]*\]|\.\s*\.\s*\.|…/;

/** The quotation's words, in runs the writer kept: an ellipsis or a bracketed insertion ends a run. */
export function quotedRuns(quote: string): string[][] {
  return quote
    .split(GAP)
    .map((part) => wordsOf(part).map((w) => w.word))
    .filter((run) => run.length > 0);
}

/** Where `run` occurs in `words` at or after `from`, or -1. */
function indexOfRun(words: SourceWord[], run: string[], from: number): number {
  outer: for (let i = from; i + run.length <= words.length; i++) {
    for (let j = 0; j < run.length; j++) if (words[i + j]!.word !== run[j]) continue outer;
    return i;
  }
  return -1;
}

const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

function excerptOf(source: SourceText, words: SourceWord[], first: number, last: number) {
  const start = words[first]!.start;
  return { line: lineAt(source.text, start), excerpt: source.text.slice(start, words[last]!.end).replace(/\s+/g, ' ') };
}

/**
 * Word-level differences from `from` (the source) to `to` (the quotation), by longest common
 * subsequence of the compared forms; the changes carry the words as each side wrote them.
 */
export function wordChanges(from: readonly SourceWord[], to: readonly SourceWord[]): WordChange[] {
  const n = from.length;
  const m = to.length;
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = from[i]!.word === to[j]!.word ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: WordChange[] = [];
  const push = (kind: WordChange['kind'], word: string) => {
    const last = out[out.length - 1];
    if (last?.kind === kind) last.words.push(word);
    else out.push({ kind, words: [word] });
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && from[i]!.word === to[j]!.word) {
      push('same', to[j]!.raw);
      i++;
      j++;
    } else if (i < n && (j >= m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) push('removed', from[i++]!.raw);
    else push('added', to[j++]!.raw);
  }
  return out;
}

/** The passage of a source closest to `quoted`, as the number of its words in common, with its bounds. */
function closestPassage(words: SourceWord[], quoted: string[]) {
  const want = new Map<string, number>();
  for (const w of quoted) want.set(w, (want.get(w) ?? 0) + 1);
  const size = quoted.length;
  let best = { common: 0, first: 0, last: -1 };
  // Windows a little longer and shorter than the quotation, scored by shared words as they slide.
  for (const width of new Set([size, size + 2, Math.max(1, size - 2)])) {
    const have = new Map<string, number>();
    let shared = 0;
    for (let k = 0; k < words.length; k++) {
      const added = words[k]!.word;
      const count = have.get(added) ?? 0;
      if (count < (want.get(added) ?? 0)) shared++;
      have.set(added, count + 1);
      if (k >= width) {
        const dropped = words[k - width]!.word;
        const left = have.get(dropped)! - 1;
        have.set(dropped, left);
        if (left < (want.get(dropped) ?? 0)) shared--;
      }
      if (k >= width - 1 && shared > best.common) best = { common: shared, first: k - width + 1, last: k };
    }
  }
  return best;
}

/** A source's words, read once however many quotations are looked up in it. */
const wordsBySource = new WeakMap<SourceText, SourceWord[]>();
function sourceWords(source: SourceText): SourceWord[] {
  let words = wordsBySource.get(source);
  if (!words) wordsBySource.set(source, (words = wordsOf(source.text)));
  return words;
}

/** Looks `quote` (the words between the marks) up in `sources`. */
export function lookUpQuote(quote: string, sources: readonly SourceText[]): QuoteLookup {
  const runs = quotedRuns(quote);
  const quotedWords = quote.split(GAP).flatMap(wordsOf);
  const quoted = quotedWords.map((w) => w.word);
  const indexed = sources.map((source) => ({ source, words: sourceWords(source) }));
  for (const { source, words } of indexed) {
    // Every run in order, each after the one before: what an ellipsis leaves out may be anything.
    for (let first = indexOfRun(words, runs[0] ?? [], 0); first >= 0; first = indexOfRun(words, runs[0]!, first + 1)) {
      let at = first + runs[0]!.length;
      let found = true;
      for (const run of runs.slice(1)) {
        const next = indexOfRun(words, run, at);
        if (next < 0) {
          found = false;
          break;
        }
        at = next + run.length;
      }
      if (found) return { status: 'found', source: source.name, ...excerptOf(source, words, first, at - 1) };
    }
  }
  let closest: { source: SourceText; words: SourceWord[]; common: number; first: number; last: number } | undefined;
  for (const { source, words } of indexed) {
    const passage = closestPassage(words, quoted);
    if (passage.common > (closest?.common ?? 0)) closest = { source, words, ...passage };
  }
  if (!closest) return { status: 'not-found' };
  const passage = closest.words.slice(closest.first, closest.last + 1);
  // Trim the passage to the aligned words, so the excerpt starts and ends where the quotation does.
  const changes = wordChanges(passage, quotedWords);
  // Source words before the quotation's first are trimmed, but not those the quotation replaced ("We've got" → "We have").
  const replacedAtStart = changes[0]?.kind === 'removed' && changes[1]?.kind === 'added' ? changes[1].words.length : 0;
  let lead = 0;
  if (changes[0]?.kind === 'removed') {
    lead = Math.max(0, changes[0].words.length - replacedAtStart);
    changes[0].words.splice(0, lead);
    if (changes[0].words.length === 0) changes.shift();
  }
  const tail = changes[changes.length - 1]?.kind === 'removed' ? changes.pop()!.words.length : 0;
  const changed = changes.filter((c) => c.kind !== 'same').reduce((n, c) => n + c.words.length, 0);
  if (changed === 0 || changed / quoted.length > MAX_CHANGED_SHARE) return { status: 'not-found' };
  return {
    status: 'altered',
    source: closest.source.name,
    ...excerptOf(closest.source, closest.words, closest.first + lead, closest.last - tail),
    changes,
  };
}

/** The changes as a reader sees them: "[-removed-] {+added+}" between the words kept. */
export function describeChanges(changes: readonly WordChange[]): string {
  return changes
    .map((c) => (c.kind === 'same' ? c.words.join(' ') : c.kind === 'removed' ? `[-${c.words.join(' ')}-]` : `{+${c.words.join(' ')}+}`))
    .join(' ');
}
