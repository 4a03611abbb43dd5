import { grammarCheckerState, lintWithHarper, warmHarper, type HarperLint } from './harper/client';
import { assertUsable } from './limits';
import type { Hit, Rule } from './rules/rule';
import type { RuleId } from './rules/ids';
import { ruleById, rules as allRules } from './rules/registry';
import { quoteChecks } from './rules/quote/sources';
import type { SourceText } from './story/quote-sources';
import { buildDocument, type Doc } from './text/document';
import { computeStats } from './text/stats';
import type { CompiledStylebook } from './stylebook/compile';
import { withStylebook } from './stylebook/findings';
import type { Analysis, Finding } from './types';

export interface AnalyzeOptions {
  /**
   * Wait for harper.js (spelling and grammar) when it is still loading. By default
   * analyze never waits: until the checker is warm it returns every other finding
   * and starts the warm-up in the background.
   */
  waitForGrammar?: boolean;
  /** Run only these rules (rewrite re-checks sentence-level rules this way). */
  rules?: readonly Rule[];
  /** The writer's sources: each quotation is looked up in them (category `quote`). */
  sources?: readonly SourceText[];
  /** Today, for a story that states no date of its own: ages and anniversaries are checked against it. */
  now?: Date;
  /** The newsroom's own rules: its findings cite `house/<entry id>`, and it overrules AP style where it speaks. */
  stylebook?: CompiledStylebook;
}

const EMPTY_STATS = { words: 0, sentences: 0, readingGrade: 0 };

function harperFor(text: string, wait: boolean): Promise<HarperLint[] | null> {
  const state = grammarCheckerState();
  if (state === 'ready' || wait) return lintWithHarper(text).catch(() => null);
  if (state === 'cold') warmHarper().catch(() => {});
  return Promise.resolve(null);
}

/** Runs rules over a built document and turns their hits into findings. */
export function runRules(doc: Doc, rules: readonly Rule[]): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    if (rule.needsHarper && !doc.harper) continue;
    for (const raw of rule.check(doc)) {
      if (!(raw.start >= 0 && raw.end > raw.start && raw.end <= doc.text.length)) continue;
      const hit = fitToCopy(doc, raw);
      findings.push({
        ruleId: rule.id,
        category: rule.category,
        start: hit.start,
        end: hit.end,
        text: doc.text.slice(hit.start, hit.end),
        message: hit.message,
        explanation: hit.explanation ?? rule.explanation,
        suggestion: hit.suggestion ?? null,
        ...(hit.related && { related: { ...hit.related, text: doc.text.slice(hit.related.start, hit.related.end) } }),
      });
    }
  }
  return dedupe(findings);
}

/**
 * Fits a fix to the copy around it. An abbreviation's period can also end the
 * sentence ("in Springfield, Ill."), so a fix that spells the word out keeps that
 * period, and a fix that ends in a period absorbs the sentence's own ("Main
 * Street." → "Main St."): no fix may drop a sentence's period or double it. A fix
 * writes apostrophes the way the copy does (it's, not it’s, in straight-quoted copy).
 */
function fitToCopy(doc: Doc, hit: Hit): Hit {
  let s = hit.suggestion;
  if (!s) return hit;
  const { text } = doc;
  if (s.includes('’') && doc.memo('straight-apostrophes', () => /\p{L}'\p{L}/u.test(text) && !text.includes('’'))) {
    s = s.replace(/’/g, "'");
    hit = { ...hit, suggestion: s };
  }
  if (s.endsWith('.') && text[hit.end] === '.' && !text.slice(hit.start, hit.end).endsWith('.')) return { ...hit, end: hit.end + 1 };
  if (text[hit.end - 1] === '.' && !s.endsWith('.')) {
    const sentence = doc.sentenceAt(hit.end - 1);
    const rest = sentence ? text.slice(hit.end, sentence.end) : '';
    if (sentence && /^["”’')\]]*$/.test(rest)) return { ...hit, suggestion: `${s}.` };
  }
  return hit;
}

const overlaps = (a: Finding, b: Finding) => a.start < b.end && b.start < a.end;

/** Whether another finding covers this one for a rule that yields to it (a grammar checker's lint that a hand-written rule already reports). */
function yields(f: Finding, all: readonly Finding[]): boolean {
  const to = ruleById.get(f.ruleId)?.yieldsTo;
  if (!to?.length) return false;
  return all.some(
    (o) =>
      o !== f &&
      !ruleById.get(o.ruleId)?.yieldsTo?.length &&
      (to.includes(o.category) || to.includes(o.ruleId as RuleId)) &&
      overlaps(o, f),
  );
}

/** Drops findings that repeat another: findings of rules that yield to an overlapping one, and same-span twins. */
function dedupe(findings: Finding[]): Finding[] {
  const kept = findings.filter((f) => !yields(f, findings));
  // a yielding rule's finding loses a same-span tie too
  kept.sort((a, b) => Number(Boolean(ruleById.get(a.ruleId)?.yieldsTo)) - Number(Boolean(ruleById.get(b.ruleId)?.yieldsTo)));
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const f of kept) {
    const key = `${f.category}:${f.start}:${f.end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end || a.ruleId.localeCompare(b.ruleId));
}

/**
 * Checks copy against every rule. Throws EditorInputError for text over the
 * size limit or binary data; empty and non-English text get no findings.
 */
export async function analyze(text: string, options: AnalyzeOptions = {}): Promise<Analysis> {
  const problem = assertUsable(text);
  if (problem === 'empty') return { findings: [], stats: { ...EMPTY_STATS } };
  const rules = options.rules ?? allRules;
  const needsHarper = rules.some((r) => r.needsHarper);
  // harper.js lints in its worker while the other rules run here
  const harper = problem === 'not-english' || !needsHarper ? Promise.resolve(null) : harperFor(text, options.waitForGrammar ?? false);
  const doc = buildDocument(text, null, options.sources, options.now);
  const stats = computeStats(text, doc.sentences);
  if (problem === 'not-english') return { findings: [], stats };
  const local = rules.filter((r) => !r.needsHarper);
  const findings = runRules(doc, local);
  doc.harper = await harper;
  const withHarper = doc.harper
    ? runRules(
        doc,
        rules.filter((r) => r.needsHarper),
      )
    : [];
  const merged = withHarper.length ? runRulesMerge(findings, withHarper) : findings;
  const all = options.stylebook ? withStylebook(doc, merged, options.stylebook) : merged;
  return doc.sources.length ? { findings: all, stats, quotes: quoteChecks(doc) } : { findings: all, stats };
}

function runRulesMerge(own: Finding[], harper: Finding[]): Finding[] {
  return dedupe([...own, ...harper]);
}
