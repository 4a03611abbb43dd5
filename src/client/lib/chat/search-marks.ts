/** A run of a search excerpt: text to show as is, or a word the search matched. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

const WORD = /[\p{L}\p{N}]+/gu;
const MAX_TERMS = 8;

/** Case and accents folded, as the search index folds them ("Café" finds "cafe"). */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Splits an excerpt into the words the search matched and the text between them.
 * A word matches the way the server's search does: each typed word is a whole
 * word, the last one (still being typed) the start of one.
 */
export function snippetParts(text: string, query: string): SnippetPart[] {
  const terms = (query.match(WORD) ?? []).slice(0, MAX_TERMS).map(fold);
  if (!terms.length) return [{ text, match: false }];
  const whole = new Set(terms.slice(0, -1));
  const prefix = terms.at(-1)!;
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const m of text.matchAll(WORD)) {
    const word = fold(m[0]);
    let length = 0;
    if (whole.has(word)) length = m[0].length;
    else if (word.startsWith(prefix)) length = fold(m[0].slice(0, prefix.length)) === prefix ? prefix.length : m[0].length;
    if (!length) continue;
    if (m.index > at) parts.push({ text: text.slice(at, m.index), match: false });
    parts.push({ text: text.slice(m.index, m.index + length), match: true });
    at = m.index + length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
