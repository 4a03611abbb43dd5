import { isParagraphBreak } from './paragraphs';

export interface QuoteSpan {
  /** Offset of the opening mark. */
  start: number;
  /** Offset just after the closing mark (or the paragraph end when the quote is never closed). */
  end: number;
  contentStart: number;
  contentEnd: number;
  closed: boolean;
}

const isLetter = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/**
 * Finds quoted passages: straight "…", curly “…” and, at top level, curly ‘…’.
 * Straight single quotes are apostrophes far more often than quotation marks, so
 * they open nothing. A quote left open runs to the end of its paragraph.
 */
export function findQuotes(text: string): QuoteSpan[] {
  const quotes: QuoteSpan[] = [];
  let open: { start: number; mark: string } | null = null;
  const close = (at: number, markLength: number, closed: boolean) => {
    if (!open) return;
    quotes.push({ start: open.start, end: at + markLength, contentStart: open.start + 1, contentEnd: at, closed });
    open = null;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n') {
      if (open && isParagraphBreak(text, i)) close(i, 0, false);
      continue;
    }
    if (!open) {
      if (ch === '"' || ch === '“') open = { start: i, mark: ch };
      else if (ch === '‘' && !isLetter(text[i - 1])) open = { start: i, mark: ch };
      continue;
    }
    const mark: string = open.mark;
    if (mark === '"' && ch === '"') close(i, 1, true);
    else if (mark === '“' && (ch === '”' || ch === '"')) close(i, 1, true);
    else if (mark === '‘' && ch === '’' && !isLetter(text[i + 1])) close(i, 1, true);
  }
  if (open) close(text.length, 0, false);
  return quotes.filter((q) => q.contentEnd > q.contentStart);
}
