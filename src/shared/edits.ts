import { diffWordsWithSpace } from 'diff';

/** One edit a revision makes to the original: whole words, with a few words of context either side. */
export interface Edit {
  index: number;
  removed: string;
  inserted: string;
  /** The words just before and after the edit, unchanged by it ('…' where they were cut). */
  contextBefore: string;
  contextAfter: string;
}

export type EditPiece = { kind: 'same'; text: string } | { kind: 'edit'; edit: Edit };

/** A revision as the original's unchanged text and the edits between it, in order. */
export interface EditPlan {
  pieces: EditPiece[];
  edits: Edit[];
}

interface Segment {
  change: boolean;
  /** The original's text. */
  b: string;
  /** The revision's text (the same as `b` when unchanged). */
  a: string;
}

const CONTEXT_WORDS = 4;
/** Changes this few words apart within one clause are one edit: '5 million dollars' → '$5 million', not '+$' and '-dollars'. */
const JOIN_GAP_WORDS = 2;

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const hasWord = (s: string) => /[\p{L}\p{N}]/u.test(s);
const isSpace = (s: string) => s.trim() === '';

/** Whether the unchanged text between two changes is short and inside one clause, so the changes read as one edit. */
function joins(gap: string): boolean {
  if (/\n/.test(gap)) return false;
  if (isSpace(gap)) return true;
  return !/[,;:.!?—–()"“”]/.test(gap) && words(gap) <= JOIN_GAP_WORDS;
}

function segmentsOf(original: string, revised: string): Segment[] {
  const out: Segment[] = [];
  const push = (s: Segment) => {
    const last = out[out.length - 1];
    if (last && last.change === s.change) {
      last.b += s.b;
      last.a += s.a;
    } else out.push({ ...s });
  };
  for (const part of diffWordsWithSpace(original, revised)) {
    if (part.removed) push({ change: true, b: part.value, a: '' });
    else if (part.added) push({ change: true, b: '', a: part.value });
    else push({ change: false, b: part.value, a: part.value });
  }
  // Spacing the editor tidied is kept as revised, not offered as an edit of its own.
  const tidied: Segment[] = [];
  for (const s of out) {
    const seg = s.change && isSpace(s.b) && isSpace(s.a) ? { change: false, b: s.a, a: s.a } : s;
    const last = tidied[tidied.length - 1];
    if (last && last.change === seg.change) {
      last.b += seg.b;
      last.a += seg.a;
    } else tidied.push({ ...seg });
  }
  return tidied;
}

/** Merges change, gap, change into one change wherever the gap `joins`. */
function joinNear(segs: Segment[], gapJoins: (gap: string) => boolean): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    const prev = out[out.length - 1];
    if (prev?.change && s.change) {
      prev.b += s.b;
      prev.a += s.a;
      continue;
    }
    const next = segs[i + 1];
    if (prev?.change && !s.change && next?.change && gapJoins(s.b)) {
      prev.b += s.b + next.b;
      prev.a += s.a + next.a;
      i++;
      continue;
    }
    out.push({ ...s });
  }
  return out;
}

const startsGlued = (s: Segment) => (s.b !== '' && !/^\s/.test(s.b)) || (s.a !== '' && !/^\s/.test(s.a));
const endsGlued = (s: Segment) => (s.b !== '' && !/\s$/.test(s.b)) || (s.a !== '' && !/\s$/.test(s.a));

/** Widens each change to whole words and gives a lone insertion or deletion a word to stand on ('said Tuesday.' → 'said.'). */
function widen(segs: Segment[]): Segment[] {
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    if (!s.change) continue;
    const prev = segs[i - 1];
    const next = segs[i + 1];
    const takeLeft = (re: RegExp) => {
      if (!prev || prev.change) return false;
      const m = re.exec(prev.b);
      if (!m || !m[0]) return false;
      prev.b = prev.a = prev.b.slice(0, m.index);
      s.b = m[0] + s.b;
      s.a = m[0] + s.a;
      return true;
    };
    const takeRight = (re: RegExp) => {
      if (!next || next.change) return false;
      const m = re.exec(next.b);
      if (!m || !m[0]) return false;
      next.b = next.a = next.b.slice(m[0].length);
      s.b += m[0];
      s.a += m[0];
      return true;
    };
    if (startsGlued(s)) takeLeft(/\S+$/);
    if (endsGlued(s)) takeRight(/^\S+/);
    if (!hasWord(s.b) || !hasWord(s.a)) {
      if (!takeLeft(/\S+\s*$/)) takeRight(/^\s*\S+/);
    }
  }
  // A widened change may have eaten the whole gap to its neighbour.
  return joinNear(
    segs.filter((s) => s.change || s.b !== ''),
    (gap) => gap === '',
  );
}

/** Hands whitespace both sides of a change share back to the unchanged text around it. */
function trimShared(segs: Segment[]): Segment[] {
  const out: Segment[] = [];
  const same = (text: string) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last && !last.change) last.b = last.a = last.b + text;
    else out.push({ change: false, b: text, a: text });
  };
  for (const s of segs) {
    if (!s.change) {
      same(s.b);
      continue;
    }
    let { b, a } = s;
    let lead = '';
    while (b && a && b[0] === a[0] && /\s/.test(b[0]!)) {
      lead += b[0];
      b = b.slice(1);
      a = a.slice(1);
    }
    let tail = '';
    while (b && a && b.at(-1) === a.at(-1) && /\s/.test(b.at(-1)!)) {
      tail = b.at(-1)! + tail;
      b = b.slice(0, -1);
      a = a.slice(0, -1);
    }
    same(lead);
    out.push({ change: true, b, a });
    same(tail);
  }
  return out;
}

function contextWords(text: string, side: 'before' | 'after'): string {
  const lines = text.split('\n');
  const line = side === 'before' ? lines[lines.length - 1]! : lines[0]!;
  const all = line.split(/\s+/).filter(Boolean);
  if (side === 'before') {
    const kept = all.slice(-CONTEXT_WORDS).join(' ');
    return all.length > CONTEXT_WORDS || lines.length > 1 ? `…${kept}` : kept;
  }
  const kept = all.slice(0, CONTEXT_WORDS).join(' ');
  // a sentence that ends in the kept words needs no ellipsis after its full stop ("deadline.…")
  if (/[.!?]["”’')]*$/.test(kept)) return kept;
  return all.length > CONTEXT_WORDS || lines.length > 1 ? `${kept}…` : kept;
}

/** The edits that turn `original` into `revised`, each a meaningful phrase rather than a lone word or mark. */
export function planEdits(original: string, revised: string): EditPlan {
  const segs = trimShared(widen(joinNear(segmentsOf(original, revised), joins)));
  const pieces: EditPiece[] = [];
  const edits: Edit[] = [];
  segs.forEach((s, i) => {
    if (!s.change) {
      pieces.push({ kind: 'same', text: s.b });
      return;
    }
    const prev = segs[i - 1];
    const next = segs[i + 1];
    const edit: Edit = {
      index: edits.length,
      removed: s.b,
      inserted: s.a,
      contextBefore: prev && !prev.change ? contextWords(prev.b, 'before') : '',
      contextAfter: next && !next.change ? contextWords(next.b, 'after') : '',
    };
    edits.push(edit);
    pieces.push({ kind: 'edit', edit });
  });
  return { pieces, edits };
}

/** The original with only the accepted edits applied. */
export function applyEdits(plan: EditPlan, accepted: (index: number) => boolean): string {
  return plan.pieces.map((p) => (p.kind === 'same' ? p.text : accepted(p.edit.index) ? p.edit.inserted : p.edit.removed)).join('');
}
