// Plain JavaScript: the extraction process runs it on untrusted text off the server's
// thread, and the server imports the same functions (text-prep.d.mts types them).

/**
 * Line ends unified, control characters dropped, trailing spaces and runs of blank lines removed.
 * @param {string} raw
 */
export function normalizeText(raw) {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufeff]/g, '')
    .replace(/[\u2028\u2029]/g, '\n')
    .normalize('NFC')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** After a sentence's closing punctuation (and quote or bracket) and its space, or after a line break. */
const SENTENCE_END = /(?<=[.!?]["'”’)\]]*\s+|\n\s*)(?=\S)/;

/**
 * Pieces no longer than `max`, cut after a space where one is near the end, else at `max`.
 * @param {string} piece @param {number} max
 */
function splitLong(piece, max) {
  const out = [];
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
 * @param {string} text @param {{ min: number; max: number }} size
 */
export function chunkText(text, size) {
  const chunks = [];
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
