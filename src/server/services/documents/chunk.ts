import { CHUNK } from './limits';

/** After a sentence's closing punctuation (and quote or bracket) and its space, or after a line break. */
const SENTENCE_END = /(?<=[.!?]["'”’)\]]*\s+|\n\s*)(?=\S)/;

/** Pieces no longer than `max`, cut after a space where one is near the end, else at `max`. */
function splitLong(piece: string, max: number): string[] {
  const out: string[] = [];
  let rest = piece;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const space = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'), window.lastIndexOf('\t'));
    const cut = space > max / 2 ? space + 1 : max;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * Splits text into passages of about `min`..`max` characters, cut at paragraph ends
 * where possible and otherwise at sentence ends. The chunks are consecutive slices:
 * joined, they give back the text exactly.
 */
export function chunkText(text: string, size: { min: number; max: number } = CHUNK): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const sentence of text.split(SENTENCE_END)) {
    for (const piece of splitLong(sentence, size.max)) {
      if (current && current.length + piece.length > size.max) {
        chunks.push(current);
        current = '';
      }
      current += piece;
      if (current.length >= size.min && /\n\s*$/.test(piece)) {
        chunks.push(current);
        current = '';
      }
    }
  }
  if (current) chunks.push(current);
  return chunks;
}
