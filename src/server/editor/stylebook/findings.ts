import type { StylebookEntry } from '../../../shared/schemas/stylebook';
import type { Doc } from '../text/document';
import { findQuotes } from '../text/quotes';
import type { Finding } from '../types';
import type { CompiledStylebook, Occurrence } from './compile';

export const HOUSE_RULE_PREFIX = 'house/';

export const houseRuleId = (entry: Pick<StylebookEntry, 'id'>) => `${HOUSE_RULE_PREFIX}${entry.id}`;

/** The entry a `house/<id>` finding cites. */
export function houseEntryOf(stylebook: CompiledStylebook | undefined, ruleId: string): StylebookEntry | undefined {
  if (!stylebook || !ruleId.startsWith(HOUSE_RULE_PREFIX)) return undefined;
  return stylebook.entryById(Number(ruleId.slice(HOUSE_RULE_PREFIX.length)));
}

/** A preferred term's replacement is the desk's own ruling, so quick actions apply it; an avoided word's replacement needs a person. */
export const isSafeHouseFix = (stylebook: CompiledStylebook | undefined, f: Pick<Finding, 'ruleId'>) =>
  houseEntryOf(stylebook, f.ruleId)?.type === 'prefer';

/** Categories the stylebook overrules where it speaks: AP style and the spelling and grammar checks. */
const OVERRULED = new Set<Finding['category']>(['style', 'grammar']);

/** The replacement in the case of the words it replaces: a lower-case term opening a sentence is capitalized. */
function inCaseOf(replacement: string, found: string, entry: StylebookEntry): string {
  if (entry.caseSensitive || !replacement) return replacement;
  const first = replacement[0]!;
  if (first !== first.toLowerCase() || found[0] === found[0]?.toLowerCase()) return replacement;
  return first.toUpperCase() + replacement.slice(1);
}

function toFinding(doc: Doc, o: Occurrence): Finding {
  const { entry } = o;
  const text = doc.text.slice(o.start, o.end);
  if (entry.type === 'prefer') {
    return {
      ruleId: houseRuleId(entry),
      category: 'style',
      start: o.start,
      end: o.end,
      text,
      message: `House style: “${entry.term}”, not “${text}”.`,
      explanation: entry.note || `The newsroom’s stylebook writes “${entry.term}”.`,
      suggestion: inCaseOf(entry.term, text, entry),
    };
  }
  return {
    ruleId: houseRuleId(entry),
    category: 'style',
    start: o.start,
    end: o.end,
    text,
    message: entry.replacement ? `House style: avoid “${text}”; use “${entry.replacement}”.` : `House style: avoid “${text}”.`,
    explanation: entry.note || `The newsroom’s stylebook avoids “${entry.term}”.`,
    suggestion: entry.replacement ? inCaseOf(entry.replacement, text, entry) : null,
  };
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

/**
 * Adds the stylebook's findings and lets it win where it speaks: outside
 * quotations its variants and avoided words are findings; its preferred terms
 * and accepted spellings, anywhere, silence AP style and spelling, as does a
 * house finding on the same words.
 */
export function withStylebook(doc: Doc, findings: readonly Finding[], stylebook: CompiledStylebook): Finding[] {
  const occurrences = stylebook.occurrences(doc.text);
  if (occurrences.length === 0) return [...findings];
  const house = occurrences.filter((o) => o.role === 'hit' && !doc.inQuote(o.start, o.end)).map((o) => toFinding(doc, o));
  const ruling = [...occurrences.filter((o) => o.role === 'protected'), ...house];
  const kept = findings.filter((f) => !OVERRULED.has(f.category) || !ruling.some((r) => overlaps(r, f)));
  return [...kept, ...house].sort((a, b) => a.start - b.start || a.end - b.end || a.ruleId.localeCompare(b.ruleId));
}

/** The entries whose words the text holds anywhere (quotations too): what a model is told about, and what a worker compiles. */
export function entriesTouchedBy(stylebook: CompiledStylebook, text: string): StylebookEntry[] {
  return [...new Set(stylebook.occurrences(text).map((o) => o.entry))];
}

/** The entries that raise findings on the text (variants and avoided words outside quotations), once per finding. */
export function entriesFiredBy(stylebook: CompiledStylebook, text: string): number[] {
  const hits = stylebook.occurrences(text).filter((o) => o.role === 'hit');
  if (hits.length === 0) return [];
  const quotes = findQuotes(text);
  return hits.filter((o) => !quotes.some((q) => o.start < q.contentEnd && o.end > q.contentStart)).map((o) => o.entry.id);
}
