import { escapeRegExp } from '../text/words';
import type { Category, Edit, Finding, Stats } from '../types';

export const CATEGORY_LABELS: Record<Category, string> = {
  legal: 'Legal risk',
  grammar: 'Grammar and spelling',
  style: 'News style (AP)',
  quote: 'Quotes',
  context: 'Missing context',
  vague: 'Vague reporting',
  clarity: 'Clarity',
  consistency: 'Consistency',
};
export const CATEGORY_ORDER: Category[] = ['legal', 'consistency', 'grammar', 'style', 'quote', 'context', 'vague', 'clarity'];

/** A newsroom's own rules are `style` findings, but they are the house's, not AP's: the review names them so. */
export const HOUSE_STYLE_LABEL = 'House style';
const isHouse = (f: { ruleId: string }) => f.ruleId.startsWith('house/');
const labelOf = (f: { ruleId: string; category: Category }) => (isHouse(f) ? HOUSE_STYLE_LABEL : CATEGORY_LABELS[f.category]);

/** Shortens text at a word boundary, never inside a word: one long word (a URL) stays whole. */
export function clip(s: string, n = 90): string {
  if (s.length <= n) return s;
  const space = s.slice(0, n).search(/\s\S*$/);
  if (space <= 0) return s;
  return `${s.slice(0, space).replace(/[\s,;:.—–-]+$/, '')}…`;
}

const escape = (s: string) => s.replace(/\s+/g, ' ').replace(/([*_`[\]<>|])/g, '\\$1');
/** Flagged copy quoted inline: one line, clipped at a word, unable to break the surrounding Markdown. */
export const inline = (s: string, n = 90) => escape(clip(s.replace(/\s+/g, ' ').trim(), n));
/** A sentence of the editor's (a message or an explanation): never clipped, only escaped. */
export const prose = (s: string) => escape(s.trim());

/**
 * How many of these passages of the writer's copy to quote, each whole: those that fit in
 * `budget` characters (always the first), at most `max`. A reader is never handed half a
 * sentence, so a long list drops whole passages and says how many.
 */
export function wholePassages(texts: readonly string[], max: number, budget: number): number {
  let shown = 0;
  let used = 0;
  for (const t of texts.slice(0, max)) {
    used += t.length;
    if (shown > 0 && used > budget) break;
    shown++;
  }
  return shown;
}

/** A passage of the writer's copy quoted whole, on one line. */
export const quoteWhole = (s: string) => `“${prose(s)}”`;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function statsLine(stats: Stats): string {
  return `${plural(stats.words, 'word')} · ${plural(stats.sentences, 'sentence')} · reading grade ${stats.readingGrade}`;
}

/** One change as the writer reads it: “7pm” → “7 p.m.”, “very” → cut, or the flagged words alone. */
function change(text: string, suggestion: string | null): string {
  if (suggestion === null) return `**“${inline(text)}”**`;
  if (suggestion === '') return `**“${inline(text)}”** → cut`;
  return `**“${inline(text)}”** → **“${inline(suggestion, 120)}”**`;
}

/** A rule's findings: each distinct one once, in order, with how often it occurs. */
function distinct(findings: readonly Finding[]): { finding: Finding; count: number }[] {
  const out = new Map<string, { finding: Finding; count: number }>();
  for (const f of findings) {
    const key = `${f.text.toLowerCase()}\u0000${f.suggestion ?? ''}`;
    const seen = out.get(key);
    if (seen) seen.count++;
    else out.set(key, { finding: f, count: 1 });
  }
  return [...out.values()];
}

/** Findings grouped by the rule behind them, in the order the copy raises them. */
export function byRule<T extends { ruleId: string }>(items: readonly T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.ruleId, [...(groups.get(item.ruleId) ?? []), item]);
  return [...groups.values()];
}

/** A message that opens by quoting the flagged words again ("\"doubled\": by how much…") drops the echo. */
function withoutEcho(message: string, text: string): string {
  const echo = new RegExp(`^["“]${escapeRegExp(text)}["”]\\s*[:.-]?\\s*`, 'i');
  const rest = message.replace(echo, '');
  return rest === message || !rest ? message : rest[0]!.toUpperCase() + rest.slice(1);
}

const times = (n: number) => (n === 1 ? '' : n === 2 ? ' (twice)' : ` (${n} times)`);

/** The rules whose reason a reply has already given: each is explained once, never repeated. */
export type Explained = Set<string>;

/**
 * One bullet per rule: each distinct problem once (what to change, or what the
 * problem is when only a person can fix it), then the rule's reason, once per reply.
 */
export function ruleBullet(
  findings: readonly Finding[],
  inQuote: (f: Finding) => boolean,
  limit = 6,
  explained: Explained = new Set(),
): string[] {
  const items = distinct(findings);
  const lines = items.slice(0, limit).map(({ finding: f, count }) => {
    const quoteNote = inQuote(f) ? ' _(inside a quote: reported, not changed)_' : '';
    // a message that only restates the change adds nothing; one that says what is wrong does
    const message = f.suggestion === null ? `: ${prose(withoutEcho(f.message, f.text))}` : '';
    return `${change(f.text, f.suggestion)}${times(count)}${message}${quoteNote}`;
  });
  if (items.length > limit) lines.push(`…and ${plural(items.length - limit, 'more like these', 'more like these')}.`);
  const rule = findings[0]!;
  if (explained.has(rule.ruleId)) return lines.map((l) => `- ${l} _(same reason as above)_`);
  explained.add(rule.ruleId);
  const why = `_Why:_ ${prose(rule.explanation)}`;
  if (lines.length === 1) return [`- ${lines[0]}`, `  ${why}`];
  return [`- ${why}`, ...lines.map((l) => `  - ${l}`)];
}

export function groupedFindings(
  findings: readonly Finding[],
  inQuote: (f: Finding) => boolean,
  perRule = 6,
  explained: Explained = new Set(),
): string[] {
  const out: string[] = [];
  const house = findings.filter(isHouse);
  const groups: [string, Finding[]][] = CATEGORY_ORDER.flatMap((c): [string, Finding[]][] => [
    ...(c === 'style' ? [[HOUSE_STYLE_LABEL, house] as [string, Finding[]]] : []),
    [CATEGORY_LABELS[c], findings.filter((f) => f.category === c && !isHouse(f))],
  ]);
  for (const [label, group] of groups) {
    if (!group.length) continue;
    out.push(`**${label}** (${group.length})`);
    for (const rule of byRule(group)) out.push(...ruleBullet(rule, inQuote, perRule, explained));
    out.push('');
  }
  return out;
}

/** The edits a revision made, numbered one per rule, each rule's reason given once in the reply. */
export function editLines(edits: readonly Edit[], perRule = 8, explained: Explained = new Set()): string[] {
  return byRule(edits).map((group, i) => {
    const seen = new Set<string>();
    const changes: string[] = [];
    for (const e of group) {
      const key = `${e.before.toLowerCase()}\u0000${e.after}`;
      if (seen.has(key)) continue;
      seen.add(key);
      changes.push(e.after === '' ? `“${inline(e.before)}” → cut` : `“${inline(e.before)}” → “${inline(e.after, 120)}”`);
    }
    const shown = changes.slice(0, perRule).join('; ');
    const more = changes.length > perRule ? ` and ${plural(changes.length - perRule, 'more')}` : '';
    const first = group[0]!;
    if (explained.has(first.ruleId)) return `${i + 1}. ${shown}${more} _(${labelOf(first).toLowerCase()}: the reason is given above)_`;
    explained.add(first.ruleId);
    return `${i + 1}. ${shown}${more}: ${prose(first.explanation)}`;
  });
}
