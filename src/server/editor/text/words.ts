/** A word: letters or digits, joined by apostrophes, periods or hyphens inside it ("a.m", "3.2", "don't"). */
export const WORD_RE = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

export interface WordToken {
  text: string;
  start: number;
  end: number;
}

export function words(text: string, offset = 0): WordToken[] {
  const out: WordToken[] = [];
  for (const m of text.matchAll(WORD_RE)) out.push({ text: m[0], start: offset + m.index, end: offset + m.index + m[0].length });
  return out;
}

export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(WORD_RE)) n++;
  return n;
}

export const isCapitalized = (word: string) => /^\p{Lu}/u.test(word);

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Keeps the capitalisation of the replaced text's first letter (and all-caps). */
export function matchCase(source: string, replacement: string): string {
  if (!replacement) return replacement;
  if (source.length > 1 && source === source.toUpperCase() && /\p{L}/u.test(source)) return replacement.toUpperCase();
  if (/^\p{Lu}/u.test(source)) return replacement[0]!.toUpperCase() + replacement.slice(1);
  return replacement;
}
