import { analyze, MAX_TEXT_CHARS, rules, type Finding } from '../../editor';
import type { WriterWords } from './quotes';

/** A line ending in a colon is a label only when it is this short. */
const LABEL_MAX_CHARS = 100;
/** A quotation held back longer than this without its closing mark streams on unchecked. */
const QUOTE_HOLD_MAX_CHARS = 2_000;

const REVISED_TITLE = /\b(?:revised|revision|rewritten|rewrite|edited|tightened|corrected|polished|cleaned[- ]up|trimmed|shortened)\b/i;
/** "What I changed in the revised version:" is about the copy, not the copy. */
const NOTES_TITLE =
  /^(?:what|why|how|key|summary|notes?|changes?|changed|edits|explanation|explained|feedback|suggestions?|headlines?|captions?|social)\b|\b(?:changes|changed|edits|explanation|notes)\b/i;

type Line = { kind: 'revised-label' | 'other-label' | 'fence' | 'text' };

function classify(line: string): Line {
  const t = line.trim();
  if (/^(?:```|~~~)/.test(t)) return { kind: 'fence' };
  if (/^(?:-{3,}|\*{3,}|_{3,})$/.test(t)) return { kind: 'other-label' };
  const title =
    t.match(/^#{1,6}\s+(.+?)\s*#*$/)?.[1] ??
    t.match(/^\*\*(.+?)\*\*:?$/)?.[1] ??
    t.match(/^__(.+?)__:?$/)?.[1] ??
    (t.length <= LABEL_MAX_CHARS && t.endsWith(':') && !/^[-*•]|^\d+[.)]/.test(t) ? t : undefined);
  if (title !== undefined) {
    const isHeading = !title.endsWith(':') || t !== title;
    if (REVISED_TITLE.test(title) && !NOTES_TITLE.test(title)) return { kind: 'revised-label' };
    // A line of copy may end in a colon ("The council approved three items:"): only a heading or a notes label ends the copy.
    if (isHeading || NOTES_TITLE.test(title)) return { kind: 'other-label' };
    return { kind: 'text' };
  }
  return { kind: 'text' };
}

const CLOSING: Record<string, string> = { '"': '"', '“': '”"', '‘': '’' };
const isLetter = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

/** The start of a line that may still turn out to be a list marker ("-", "12.", "3)"). */
const LIST_MARKER_SO_FAR = /^[^\S\n]*(?:[-*+•]|\d{1,3}[.)]?)?$/;
const LIST_MARKER = /^[^\S\n]*(?:[-*+•]|\d{1,3}[.)])\s/;
const LIST_MARKER_MAX_CHARS = 6;

/**
 * Follows a model's answer as it streams. Inside the sections that carry the
 * revised copy (a "Revised text" heading, "Here is the tightened story:"), each
 * quotation is held back until its closing mark and judged against the writer's
 * words: a quotation the model changed goes out with the writer's words put back,
 * one the writer never had goes out as written and is remembered for the note.
 * Everything else streams on as it arrives; a line's label is read when the line
 * ends and applies to the lines after it.
 */
export class RevisedCopyGuard {
  readonly restored: Array<{ model: string; writer: string }> = [];
  readonly invented: string[] = [];
  private raw = '';
  private pos = 0;
  private lineStart = true;
  private lineFrom = 0;
  private lineMark = 0;
  private inRevised = false;
  private inFence = false;
  private revised: string[] = [];

  constructor(private readonly writer: WriterWords) {}

  /** Takes the next piece of the answer; returns what may be shown now. */
  push(piece: string): string {
    this.raw += piece;
    return this.advance(false);
  }

  /** The answer is complete: returns whatever was still held back. */
  end(): string {
    const out = this.advance(true);
    if (!this.lineStart && this.pos === this.raw.length) this.endLine(this.raw.slice(this.lineFrom));
    this.lineStart = true;
    return out;
  }

  /** The revised copy as it was shown (quotations restored), without its labels. */
  get revisedText(): string {
    return this.revised.join('').trim();
  }

  private emit(text: string): string {
    if (this.inRevised) this.revised.push(text);
    return text;
  }

  /** A whole line has been shown: a label switches the revised copy on or off for the lines after it. */
  private endLine(line: string) {
    const fenceLine = /^\s*(?:```|~~~)/.test(line);
    const kind = this.inFence && !fenceLine ? 'text' : classify(line).kind;
    if (kind === 'fence') this.inFence = !this.inFence;
    if (kind !== 'revised-label' && kind !== 'other-label') return;
    // A label is not part of the copy it introduces.
    this.revised.length = Math.min(this.revised.length, this.lineMark);
    this.inRevised = kind === 'revised-label';
  }

  private advance(final: boolean): string {
    let out = '';
    const raw = this.raw;
    while (this.pos < raw.length) {
      if (this.lineStart) {
        if (this.inRevised && !this.inFence) {
          const soFar = raw.slice(this.pos, this.pos + LIST_MARKER_MAX_CHARS);
          const head = soFar.split('\n')[0]!;
          if (!final && head === soFar && head.length < LIST_MARKER_MAX_CHARS && LIST_MARKER_SO_FAR.test(head)) break;
          // Revised copy is prose: a list after it is the model explaining its edits.
          if (LIST_MARKER.test(soFar)) this.inRevised = false;
        }
        this.lineStart = false;
        this.lineFrom = this.pos;
        this.lineMark = this.revised.length;
      }
      const ch = raw[this.pos]!;
      if (ch === '\n') {
        this.endLine(raw.slice(this.lineFrom, this.pos));
        out += this.emit(ch);
        this.pos++;
        this.lineStart = true;
        continue;
      }
      const opens = this.inRevised && (ch === '"' || ch === '“' || (ch === '‘' && !isLetter(raw[this.pos - 1])));
      if (!opens) {
        // Copy up to the next character that needs a decision.
        const re = this.inRevised ? /[\n"“‘]/g : /\n/g;
        re.lastIndex = this.pos + 1;
        const stop = re.exec(raw)?.index ?? raw.length;
        out += this.emit(raw.slice(this.pos, stop));
        this.pos = stop;
        continue;
      }
      const close = this.closingMark(ch, final);
      if (close === 'wait') break;
      if (close === 'none') {
        // Never closed within its paragraph, or too long to hold: it streams as written.
        out += this.emit(ch);
        this.pos++;
        continue;
      }
      const content = raw.slice(this.pos + 1, close);
      const verdict = this.writer.judge(content);
      let shown = content;
      if (verdict.kind === 'altered') {
        shown = verdict.restored;
        this.restored.push({ model: content, writer: verdict.restored });
      } else if (verdict.kind === 'invented') this.invented.push(content);
      out += this.emit(`${ch}${shown}${raw[close]}`);
      this.pos = close + 1;
    }
    return out;
  }

  /** Offset of the mark that closes the quotation opened at `pos`, or why there is none yet. */
  private closingMark(open: string, final: boolean): number | 'wait' | 'none' {
    const raw = this.raw;
    const closers = CLOSING[open]!;
    const limit = Math.min(raw.length, this.pos + 1 + QUOTE_HOLD_MAX_CHARS);
    for (let i = this.pos + 1; i < limit; i++) {
      const ch = raw[i]!;
      if (ch === '\n' && /^\n[^\S\n]*\n/.test(raw.slice(i, i + 3 + 64))) return 'none';
      if (!closers.includes(ch)) continue;
      if (open === '‘') {
        if (i + 1 >= raw.length && !final) return 'wait';
        if (isLetter(raw[i + 1])) continue;
      }
      return i;
    }
    if (limit < raw.length || raw.length - this.pos > QUOTE_HOLD_MAX_CHARS || final) return 'none';
    return 'wait';
  }
}

const LEGAL_RULES = rules.filter((r) => r.category === 'legal');

/** Markdown marks that are not words of the copy. */
function plainCopy(markdown: string): string {
  return markdown
    .replace(/^\s*(?:```|~~~).*$/gm, '')
    .replace(/^>\s?/gm, '')
    .replace(/\*\*|__|`/g, '')
    .trim();
}

/**
 * The editor's legal findings on the model's revised copy. The writer's copy is
 * read first, so what it says of each person (charged, convicted) applies to the
 * revision; only findings in the revision are returned.
 */
export async function legalFindingsIn(revised: string, writerCopy: string | null): Promise<Finding[]> {
  const copy = plainCopy(revised);
  if (!copy) return [];
  const context = writerCopy && writerCopy.length + copy.length + 2 <= MAX_TEXT_CHARS ? `${writerCopy}\n\n` : '';
  try {
    const { findings } = await analyze(`${context}${copy.slice(0, MAX_TEXT_CHARS)}`, { rules: LEGAL_RULES });
    return findings.filter((f) => f.category === 'legal' && f.start >= context.length);
  } catch {
    // Copy the engine cannot read (binary, too long): the answer stands without a legal note.
    return [];
  }
}

const quoted = (s: string) =>
  `“${s
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[,;:]$/, '')}”`;

/** The note appended to a checked answer; null when the check found nothing to say. */
export function checkNote(found: {
  restored: ReadonlyArray<{ model: string; writer: string }>;
  invented: readonly string[];
  legal: readonly Finding[];
}): string | null {
  const lines: string[] = [];
  const seen = new Set<string>();
  const once = (key: string) => !seen.has(key) && !!seen.add(key);
  for (const r of found.restored)
    if (once(`r:${r.model}`))
      lines.push(
        `- **Quote restored.** The model changed your quotation ${quoted(r.writer)} to ${quoted(r.model)}; the revised text above keeps your copy’s words.`,
      );
  for (const q of found.invented)
    if (once(`i:${q}`))
      lines.push(`- **Quote not in your copy.** ${quoted(q)} appears nowhere in what you sent. Confirm it with the source or cut it.`);
  for (const f of found.legal)
    if (once(`l:${f.ruleId}:${f.text.toLowerCase()}`)) lines.push(`- **Legal risk in the revised text.** ${f.message}`);
  if (lines.length === 0) return null;
  return `\n\n---\n\n**Copydesk checked this answer against your copy:**\n\n${lines.join('\n')}\n`;
}
