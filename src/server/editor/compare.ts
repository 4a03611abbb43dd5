import { diffWordsWithSpace } from 'diff';
import type { Category, Edit, Finding } from './types';

export interface DiffOp {
  type: 'equal' | 'insert' | 'delete' | 'replace';
  before: string;
  after: string;
  /** UTF-16 offsets of this op in the before and after texts. */
  beforeStart: number;
  afterStart: number;
  /** The rule behind the change, when known. */
  ruleId: string | null;
}

export interface ChangeSummary {
  ruleId: string | null;
  category: Category | null;
  before: string;
  after: string;
  /** Why the change was made (the rule's explanation), or a plain description. */
  explanation: string;
}

export interface Comparison {
  ops: DiffOp[];
  summary: ChangeSummary[];
}

export interface CompareOptions {
  /** Edits from `rewrite` (offsets into `before`), to link each change to its rule. */
  edits?: readonly Edit[];
  /** Findings on `before`: a change that applies a finding's suggestion is linked to its rule. */
  findings?: readonly Finding[];
}

interface Cause {
  start: number;
  end: number;
  ruleId: string;
  category: Category;
  before: string;
  after: string;
  explanation: string;
}

function causeFor(op: DiffOp, causes: readonly Cause[], before: string): Cause | undefined {
  let start = op.beforeStart;
  const end = op.beforeStart + op.before.length;
  // an insertion just after an edited word ("7pm" → "7 p.m.") belongs to that edit
  const insert = start === end;
  if (insert) while (start > 0 && /\s/.test(before[start - 1]!)) start--;
  // ... and one at the start of an edited span ("5 million dollars" → "$5 million") to that span's edit
  const matching = causes.filter((c) =>
    insert ? (c.start <= start && start <= c.end) || (c.start <= end && end < c.end) : c.start < end && start < c.end,
  );
  return matching.sort((a, b) => a.end - a.start - (b.end - b.start))[0];
}

const describe = (op: DiffOp) =>
  op.type === 'insert'
    ? `Added "${op.after.trim()}".`
    : op.type === 'delete'
      ? `Removed "${op.before.trim()}".`
      : `Changed "${op.before.trim()}" to "${op.after.trim()}".`;

/** A word-level diff of two drafts for the side-by-side view, each change linked to the rule that caused it when known. */
export function compare(before: string, after: string, options: CompareOptions = {}): Comparison {
  const parts = diffWordsWithSpace(before, after);
  const ops: DiffOp[] = [];
  let b = 0;
  let a = 0;
  for (const part of parts) {
    const last = ops[ops.length - 1];
    if (part.added) {
      if (last && last.type === 'delete' && last.afterStart === a) {
        last.type = 'replace';
        last.after = part.value;
      } else ops.push({ type: 'insert', before: '', after: part.value, beforeStart: b, afterStart: a, ruleId: null });
      a += part.value.length;
    } else if (part.removed) {
      ops.push({ type: 'delete', before: part.value, after: '', beforeStart: b, afterStart: a, ruleId: null });
      b += part.value.length;
    } else {
      ops.push({ type: 'equal', before: part.value, after: part.value, beforeStart: b, afterStart: a, ruleId: null });
      b += part.value.length;
      a += part.value.length;
    }
  }
  const causes: Cause[] = [
    ...(options.edits ?? []).map((e) => ({ ...e })),
    ...(options.findings ?? [])
      .filter((f) => f.suggestion !== null && after.includes(f.suggestion))
      .map((f) => ({
        start: f.start,
        end: f.end,
        ruleId: f.ruleId,
        category: f.category,
        before: f.text,
        after: f.suggestion!,
        explanation: f.explanation,
      })),
  ];
  const summary: ChangeSummary[] = [];
  const summarised = new Set<Cause>();
  for (const op of ops) {
    if (op.type === 'equal') continue;
    const cause = causeFor(op, causes, before);
    if (cause) {
      op.ruleId = cause.ruleId;
      if (!summarised.has(cause)) {
        summarised.add(cause);
        summary.push({
          ruleId: cause.ruleId,
          category: cause.category,
          before: cause.before,
          after: cause.after,
          explanation: cause.explanation,
        });
      }
    } else if (op.before.trim() || op.after.trim()) {
      summary.push({ ruleId: null, category: null, before: op.before, after: op.after, explanation: describe(op) });
    }
  }
  return { ops, summary };
}
