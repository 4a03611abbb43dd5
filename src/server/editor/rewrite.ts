import { actionApplies, SENTENCE_RULES } from './actions';
import { analyze, runRules } from './analyze';
import { assertUsable } from './limits';
import { ruleById, rules } from './rules/registry';
import type { Rule } from './rules/rule';
import type { CompiledStylebook } from './stylebook/compile';
import { isSafeHouseFix } from './stylebook/findings';
import { buildDocument } from './text/document';
import { findQuotes, type QuoteSpan } from './text/quotes';
import { ACTIONS, type Action, type Edit, type Finding, type Rewrite } from './types';

export interface RewriteOptions {
  /** Wait for harper.js when it is still loading (see analyze). */
  waitForGrammar?: boolean;
  /** The newsroom's stylebook: its preferred terms are applied by every action. */
  stylebook?: CompiledStylebook;
}

interface Change {
  start: number;
  end: number;
  after: string;
  finding: Finding;
}

type RulePredicate = (rule: Rule) => boolean;

const inQuote = (quotes: readonly QuoteSpan[], start: number, end: number) =>
  quotes.some((q) => start < q.contentEnd && end > q.contentStart);

/**
 * The fixes a rewrite may apply: safe, for this action (a house preferred term
 * for any action), outside quotations, not overlapping each other.
 */
function pickChanges(
  findings: readonly Finding[],
  applies: RulePredicate,
  quotes: readonly QuoteSpan[],
  sentenceLevel: boolean,
  stylebook?: CompiledStylebook,
): Change[] {
  const candidates = findings
    .filter((f) => f.suggestion !== null && f.suggestion !== f.text)
    .filter((f) => SENTENCE_RULES.has(f.ruleId) === sentenceLevel)
    .filter((f) => {
      const rule = ruleById.get(f.ruleId);
      if (rule === undefined) return isSafeHouseFix(stylebook, f);
      return rule.autoFix && applies(rule);
    })
    .filter((f) => !inQuote(quotes, f.start, f.end))
    .sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start)); // the fuller fix wins a tie
  const picked: Change[] = [];
  for (const f of candidates) {
    if (picked.some((p) => f.start < p.end && p.start < f.end)) continue;
    picked.push({ start: f.start, end: f.end, after: f.suggestion!, finding: f });
  }
  return picked;
}

/** Applies changes (sorted, non-overlapping); a deletion also takes one neighbouring space. */
function apply(
  text: string,
  changes: readonly Change[],
): { text: string; spans: { start: number; end: number; newStart: number; newEnd: number }[] } {
  let out = '';
  let last = 0;
  const spans: { start: number; end: number; newStart: number; newEnd: number }[] = [];
  for (const c of changes) {
    let { start, end } = c;
    if (c.after === '') {
      if (text[end] === ' ' && (start === 0 || /\s/.test(text[start - 1]!))) end++;
      else if (text[start - 1] === ' ' && (end >= text.length || /[\s,.;:!?]/.test(text[end]!))) start--;
    }
    if (start < last) continue;
    out += text.slice(last, start);
    const newStart = out.length;
    out += c.after;
    spans.push({ start, end, newStart, newEnd: out.length });
    last = end;
  }
  out += text.slice(last);
  return { text: out, spans };
}

/** Maps an offset in the rewritten text back to the original text. */
function mapBack(
  offset: number,
  spans: readonly { start: number; end: number; newStart: number; newEnd: number }[],
  edge: 'start' | 'end',
): number {
  let delta = 0;
  for (const s of spans) {
    if (offset < s.newStart) break;
    if (offset < s.newEnd || (offset === s.newEnd && edge === 'end' && s.newEnd > s.newStart)) return edge === 'start' ? s.start : s.end;
    delta = s.end - s.newEnd;
  }
  return offset + delta;
}

const toEdit = (original: string, start: number, end: number, after: string, f: Finding): Edit => ({
  ruleId: f.ruleId,
  category: f.category,
  start,
  end,
  before: original.slice(start, end),
  after,
  explanation: f.explanation,
});

/**
 * Applies one quick action: the findings that carry a safe fix and belong to the
 * action, and nothing else. Text inside quotation marks is never changed.
 */
export async function rewrite(text: string, action: Action, options: RewriteOptions = {}): Promise<Rewrite> {
  if (!(ACTIONS as readonly string[]).includes(action))
    throw new Error(`Unknown action "${String(action)}". Use one of: ${ACTIONS.join(', ')}.`);
  return applySafeFixes(text, (rule) => actionApplies(action, rule), options);
}

/** Every safe fix of every rule: the revised text of a full review. */
export function rewriteAll(text: string, options: RewriteOptions = {}): Promise<Rewrite> {
  return applySafeFixes(text, () => true, options);
}

async function applySafeFixes(text: string, applies: RulePredicate, options: RewriteOptions): Promise<Rewrite> {
  const problem = assertUsable(text);
  if (problem === 'empty' || problem === 'not-english') return { text, edits: [] };
  const { findings } = await analyze(text, { waitForGrammar: options.waitForGrammar, stylebook: options.stylebook });
  const quotes = findQuotes(text);
  const first = pickChanges(findings, applies, quotes, false, options.stylebook);
  const pass1 = apply(text, first);
  const edits: Edit[] = first.map((c, i) => {
    const s = pass1.spans[i];
    return toEdit(text, s?.start ?? c.start, s?.end ?? c.end, c.after, c.finding);
  });
  // sentence-level fixes see the sentence after the word-level ones
  const sentenceRules = rules.filter((r) => SENTENCE_RULES.has(r.id) && applies(r));
  if (sentenceRules.length === 0) return { text: pass1.text, edits };
  const doc = buildDocument(pass1.text);
  const second = pickChanges(runRules(doc, sentenceRules), applies, doc.quotes, true);
  const pass2 = apply(pass1.text, second);
  for (const [i, c] of second.entries()) {
    const s = pass2.spans[i]!;
    const start = mapBack(s.start, pass1.spans, 'start');
    const end = mapBack(s.end, pass1.spans, 'end');
    edits.push(toEdit(text, start, end, c.after, c.finding));
  }
  edits.sort((a, b) => a.start - b.start || b.end - a.end);
  return { text: pass2.text, edits };
}
