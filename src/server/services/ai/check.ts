import type { StylebookEntry } from '../../../shared/schemas/stylebook';
import { analyze, MAX_TEXT_CHARS, rules, type Finding } from '../../editor';
import { compileStylebook } from '../../editor/stylebook/compile';
import { WriterCopy, type UnsupportedFact } from './facts';
import type { WriterWords } from './quotes';

/** A line ending in a colon is a label only when it is this short. */
const LABEL_MAX_CHARS = 100;
/** A quotation held back longer than this without its closing mark streams on unchecked. */
const QUOTE_HOLD_MAX_CHARS = 2_000;

const REVISED_TITLE = /\b(?:revised|revision|rewritten|rewrite|edited|tightened|corrected|polished|cleaned[- ]up|trimmed|shortened)\b/i;
/** "What I changed in the revised version:" is about the copy, not the copy. */
const NOTES_TITLE =
  /^(?:what|why|how|key|summary|notes?|changes?|changed|edits|explanation|explained|feedback|suggestions?|headlines?|captions?|social)\b|\b(?:changes|changed|edits|explanation|notes)\b/i;

type LineKind = 'revised-label' | 'notes-label' | 'heading' | 'fence' | 'text';

function classify(line: string): LineKind {
  const t = line.trim();
  if (/^(?:```|~~~)/.test(t)) return 'fence';
  if (/^(?:-{3,}|\*{3,}|_{3,})$/.test(t)) return 'heading';
  const title =
    t.match(/^#{1,6}\s+(.+?)\s*#*$/)?.[1] ??
    t.match(/^\*\*(.+?)\*\*:?$/)?.[1] ??
    t.match(/^__(.+?)__:?$/)?.[1] ??
    (t.length <= LABEL_MAX_CHARS && t.endsWith(':') && !/^[-*•]|^\d+[.)]/.test(t) ? t : undefined);
  if (title === undefined) return 'text';
  if (REVISED_TITLE.test(title) && !NOTES_TITLE.test(title)) return 'revised-label';
  if (NOTES_TITLE.test(title)) return 'notes-label';
  // A line of copy may end in a colon ("The council approved three items:"); a heading only opens a new part.
  return !title.endsWith(':') || t !== title ? 'heading' : 'text';
}

const CLOSING: Record<string, string> = { '"': '"', '“': '”"', '‘': '’' };
const isLetter = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

const LIST_MARKER = /^[^\S\n]*(?:[-*+•]|\d{1,3}[.)])\s+/;

/** A paragraph or list item of the answer, as shown, and what the labels above it say it is. */
interface Block {
  start: number;
  end: number;
  text: string;
  section: 'revised' | 'notes' | 'open';
}

/**
 * The answer cut into paragraphs and list items. A revised-copy label ("Revised
 * text", "Here is the tightened story:") makes the paragraphs after it revised
 * copy; a notes label ("Changes:") makes them notes; anything else (no label, a
 * heading the guard does not know, a rule, a list after revised copy) leaves
 * them open, to be judged by what they say.
 */
function blocksOf(answer: string): Block[] {
  const blocks: Block[] = [];
  let section: Block['section'] = 'open';
  let inFence = false;
  let current: { start: number; end: number; lines: string[]; section: Block['section'] } | null = null;
  const close = () => {
    if (current) blocks.push({ start: current.start, end: current.end, text: current.lines.join('\n').trim(), section: current.section });
    current = null;
  };
  let at = 0;
  for (const line of answer.split('\n')) {
    const from = at;
    at += line.length + 1;
    const kind = inFence && !/^\s*(?:```|~~~)/.test(line) ? 'text' : classify(line);
    if (kind !== 'text') {
      close();
      if (kind === 'fence') inFence = !inFence;
      else section = kind === 'revised-label' ? 'revised' : kind === 'notes-label' ? 'notes' : 'open';
      continue;
    }
    if (line.trim() === '') {
      close();
      continue;
    }
    const marker = inFence ? null : LIST_MARKER.exec(line);
    if (marker) {
      close();
      // Revised copy is prose: a list after it is judged by what it says.
      if (section === 'revised') section = 'open';
    }
    const text = line.slice(marker?.[0].length ?? 0).replace(/^>\s?/, '');
    if (!current) current = { start: from, end: from, lines: [], section };
    current.lines.push(text);
    current.end = from + line.length;
  }
  close();
  return blocks;
}

/**
 * Follows a model's answer as it streams. Each quotation, wherever it stands,
 * is held back until its closing mark and judged against the writer's words: a
 * quotation the model changed goes out with the writer's words put back. When
 * the answer ends, its revised copy is found (by its label, or, unlabelled, by
 * sharing most of its words with the writer's copy): a quotation there that the
 * writer never had is called out, as are figures, names, dates and reversed
 * statements the writer's copy does not support. A quotation elsewhere (the
 * model's notes) may be the model's own phrase.
 */
export class RevisedCopyGuard {
  readonly restored: Array<{ model: string; writer: string }> = [];
  /** Quotations in the revised copy the writer never had; known once the answer has ended. */
  readonly invented: string[] = [];
  /** What the revised copy states that the writer's copy does not; known once the answer has ended. */
  readonly unsupported: UnsupportedFact[] = [];
  private raw = '';
  private pos = 0;
  private shown = '';
  private unmatched: Array<{ at: number; content: string }> = [];
  private revised: string[] = [];
  private judged = false;

  constructor(private readonly writer: WriterWords) {}

  /** Takes the next piece of the answer; returns what may be shown now. */
  push(piece: string): string {
    this.raw += piece;
    return this.emit(this.advance(false));
  }

  /** The answer is complete: returns whatever was still held back. */
  end(): string {
    const out = this.emit(this.advance(true));
    if (!this.judged) this.judge();
    return out;
  }

  /** The revised copy as it was shown (quotations restored), without its labels. */
  get revisedText(): string {
    return this.revised.join('\n\n');
  }

  private emit(text: string): string {
    this.shown += text;
    return text;
  }

  private judge() {
    this.judged = true;
    const blocks = blocksOf(this.shown);
    const open = blocks.filter((b) => b.section === 'open');
    const copy = open.length > 0 || blocks.some((b) => b.section === 'revised') ? new WriterCopy(this.writer.sources) : null;
    const revised = blocks.filter((b) => b.section === 'revised' || (b.section === 'open' && copy!.echoes(b.text)));
    this.revised = revised.map((b) => b.text);
    for (const q of this.unmatched) if (revised.some((b) => q.at >= b.start && q.at < b.end)) this.invented.push(q.content);
    for (const b of revised) this.unsupported.push(...copy!.unsupported(plainCopy(b.text)));
  }

  private advance(final: boolean): string {
    let out = '';
    const raw = this.raw;
    while (this.pos < raw.length) {
      const ch = raw[this.pos]!;
      const opens = ch === '"' || ch === '“' || (ch === '‘' && !isLetter(raw[this.pos - 1]));
      if (!opens) {
        // Copy up to the next character that may open a quotation.
        const re = /["“‘]/g;
        re.lastIndex = this.pos + 1;
        const stop = re.exec(raw)?.index ?? raw.length;
        out += raw.slice(this.pos, stop);
        this.pos = stop;
        continue;
      }
      const close = this.closingMark(ch, final);
      if (close === 'wait') break;
      if (close === 'none') {
        // Never closed within its paragraph, or too long to hold: it streams as written.
        out += ch;
        this.pos++;
        continue;
      }
      const content = raw.slice(this.pos + 1, close);
      const verdict = this.writer.judge(content);
      let shown = content;
      if (verdict.kind === 'altered') {
        shown = verdict.restored;
        this.restored.push({ model: content, writer: verdict.restored });
      } else if (verdict.kind === 'invented') this.unmatched.push({ at: this.shown.length + out.length, content });
      out += `${ch}${shown}${raw[close]}`;
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

/** The stylebook's findings on the model's revised copy (outside quotations, as the engine's own). */
export async function houseFindingsIn(revised: string, stylebook: readonly StylebookEntry[] | undefined): Promise<Finding[]> {
  const copy = plainCopy(revised);
  if (!copy || !stylebook?.length) return [];
  try {
    return (await analyze(copy.slice(0, MAX_TEXT_CHARS), { rules: [], stylebook: compileStylebook(stylebook) })).findings;
  } catch {
    return [];
  }
}

const quoted = (s: string) =>
  `“${s
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[,;:]$/, '')}”`;

const stated = (s: string) => quoted(s.replace(/[.!?]$/, ''));
const FACT_LINES: Record<UnsupportedFact['kind'], (f: UnsupportedFact) => string> = {
  figure: (f) => `**Figure not in your copy.** The revised text says ${stated(f.model)}; your copy has no such figure.`,
  name: (f) => `**Name not in your copy.** The revised text names ${quoted(f.model)}; your copy does not.`,
  date: (f) => `**Date not in your copy.** The revised text says ${quoted(f.model)}; your copy does not.`,
  negation: (f) =>
    `**Meaning reversed.** The revised text says ${quoted(f.model)}; your copy says ${quoted(f.kind === 'negation' ? f.writer : '')}.`,
};

/** The note appended to a checked answer; null when the check found nothing to say. */
export function checkNote(found: {
  restored: ReadonlyArray<{ model: string; writer: string }>;
  invented: readonly string[];
  unsupported?: readonly UnsupportedFact[];
  legal: readonly Finding[];
  house?: readonly Finding[];
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
  for (const f of found.unsupported ?? [])
    if (once(`f:${f.kind}:${f.model.toLowerCase()}`)) lines.push(`- ${FACT_LINES[f.kind](f)} Check it before you use it.`);
  for (const f of found.legal)
    if (once(`l:${f.ruleId}:${f.text.toLowerCase()}`)) lines.push(`- **Legal risk in the revised text.** ${f.message}`);
  for (const f of found.house ?? [])
    if (once(`h:${f.ruleId}:${f.text.toLowerCase()}`)) lines.push(`- **House style in the revised text.** ${f.message} ${f.explanation}`);
  if (lines.length === 0) return null;
  return `\n\n---\n\n**Copydesk checked this answer against your copy:**\n\n${lines.join('\n')}\n`;
}
