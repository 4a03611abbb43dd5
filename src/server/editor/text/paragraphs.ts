/**
 * Whether the line break at `i` ends a paragraph. A blank line always does; a
 * single break does after sentence-ending punctuation or before a list item or
 * a short line, otherwise it is a hard wrap inside a paragraph.
 */
export function isParagraphBreak(text: string, i: number): boolean {
  let j = i + 1;
  while (j < text.length && (text[j] === ' ' || text[j] === '\t' || text[j] === '\r')) j++;
  if (j >= text.length || text[j] === '\n') return true;
  let k = i - 1;
  while (k >= 0 && /[ \t\r]/.test(text[k]!)) k--;
  if (k < 0) return true;
  if (/[.!?:"”’)\]]/.test(text[k]!)) return true;
  if (/^([-*•]|\d+[.)])\s/.test(text.slice(j, j + 4))) return true;
  const lineStart = text.lastIndexOf('\n', k) + 1;
  return k - lineStart < 40;
}
