import type { StylebookEntry } from '../../../shared/schemas/stylebook';

/** What an occurrence of a stylebook phrase means for the copy. */
export type OccurrenceRole =
  /** A preferred term's variant, or a word to avoid: a finding. */
  | 'hit'
  /** The preferred term itself or an accepted spelling: other checks leave it alone. */
  | 'protected';

export interface Occurrence {
  entry: StylebookEntry;
  role: OccurrenceRole;
  start: number;
  end: number;
}

interface Terminal {
  entry: StylebookEntry;
  role: OccurrenceRole;
  /** The phrase as written: compared whole when the entry is case-sensitive. */
  form: string;
  /** Punctuation the phrase carries before its first word or after its last ("U.S."). */
  prefix: string;
  suffix: string;
}

interface TrieNode {
  /** Keyed by the separator before the next word and the word, lower-cased. */
  next: Map<string, TrieNode>;
  terminals: Terminal[];
}

/** Stylebook matching compiled once per version of a stylebook, not per request. */
export interface CompiledStylebook {
  readonly entries: readonly StylebookEntry[];
  entryById(id: number): StylebookEntry | undefined;
  /** Every occurrence of every phrase, one pass over the copy's words; overlaps resolved longest first. */
  occurrences(text: string): Occurrence[];
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
/** Words further apart than this are not one phrase. */
const MAX_SEPARATOR = 3;

const foldWord = (w: string) => w.toLowerCase().replace(/’/g, "'");
const normalizeSeparator = (s: string) => s.replace(/\s+/g, ' ');
const normalizeForm = (s: string) => s.replace(/\s+/g, ' ').replace(/’/g, "'");

interface Token {
  start: number;
  end: number;
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(WORD)) tokens.push({ start: m.index, end: m.index + m[0].length });
  return tokens;
}

function addPhrase(root: Map<string, TrieNode>, phrase: string, terminal: Omit<Terminal, 'form' | 'prefix' | 'suffix'>): void {
  const tokens = tokenize(phrase);
  if (tokens.length === 0) return;
  const first = tokens[0]!;
  const head = foldWord(phrase.slice(first.start, first.end));
  let node: TrieNode = root.get(head) ?? { next: new Map(), terminals: [] };
  root.set(head, node);
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    const key = `${normalizeSeparator(phrase.slice(tokens[i - 1]!.end, t.start))}\u0000${foldWord(phrase.slice(t.start, t.end))}`;
    const child: TrieNode = node.next.get(key) ?? { next: new Map(), terminals: [] };
    node.next.set(key, child);
    node = child;
  }
  node.terminals.push({
    ...terminal,
    form: normalizeForm(phrase.slice(first.start, tokens.at(-1)!.end)),
    prefix: phrase.slice(0, first.start),
    suffix: phrase.slice(tokens.at(-1)!.end),
  });
}

/** Builds the word trie for a stylebook: every term, variant and accepted spelling, keyed word by word. */
export function compileStylebook(entries: readonly StylebookEntry[]): CompiledStylebook {
  const root = new Map<string, TrieNode>();
  const byId = new Map<number, StylebookEntry>();
  for (const entry of entries) {
    byId.set(entry.id, entry);
    if (entry.type === 'avoid') addPhrase(root, entry.term, { entry, role: 'hit' });
    else addPhrase(root, entry.term, { entry, role: 'protected' });
    if (entry.type === 'prefer') for (const v of entry.variants) addPhrase(root, v, { entry, role: 'hit' });
  }

  function matchesHere(text: string, t: Terminal, start: number, end: number): boolean {
    if (t.prefix && text.slice(start - t.prefix.length, start) !== t.prefix) return false;
    if (t.suffix && text.slice(end, end + t.suffix.length) !== t.suffix) return false;
    if (!t.entry.caseSensitive) return true;
    return normalizeForm(text.slice(start, end)) === t.form;
  }

  return {
    entries,
    entryById: (id) => byId.get(id),
    occurrences(text) {
      if (root.size === 0) return [];
      const tokens = tokenize(text);
      const found: Occurrence[] = [];
      for (let i = 0; i < tokens.length; i++) {
        const first = tokens[i]!;
        let node = root.get(foldWord(text.slice(first.start, first.end)));
        let j = i;
        while (node) {
          const last = tokens[j]!;
          for (const t of node.terminals) {
            if (!matchesHere(text, t, first.start, last.end)) continue;
            const start = first.start - t.prefix.length;
            const end = last.end + t.suffix.length;
            // a preferred term written exactly as the house writes it is never its own variant
            const role =
              t.role === 'hit' && t.entry.type === 'prefer' && normalizeForm(text.slice(start, end)) === normalizeForm(t.entry.term)
                ? 'protected'
                : t.role;
            found.push({ entry: t.entry, role, start, end });
          }
          const next = tokens[j + 1];
          if (!next || node.next.size === 0) break;
          const sep = text.slice(last.end, next.start);
          if (sep.length > MAX_SEPARATOR && sep.trim() !== '') break;
          node = node.next.get(`${normalizeSeparator(sep)}\u0000${foldWord(text.slice(next.start, next.end))}`);
          j++;
        }
      }
      return longestFirst(found);
    },
  };
}

/** Overlapping occurrences: the longer phrase wins, a protected one a tie, then the earlier entry. */
function longestFirst(found: Occurrence[]): Occurrence[] {
  if (found.length < 2) return found;
  const ranked = [...found].sort(
    (a, b) => b.end - b.start - (a.end - a.start) || Number(a.role === 'hit') - Number(b.role === 'hit') || a.entry.id - b.entry.id,
  );
  const kept: Occurrence[] = [];
  for (const o of ranked) if (!kept.some((k) => o.start < k.end && k.start < o.end)) kept.push(o);
  return kept.sort((a, b) => a.start - b.start);
}
