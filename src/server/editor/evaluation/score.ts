import { CATEGORIES, type Category, type Finding } from '../types';
import { countWords } from '../text/words';

export interface Example {
  id: string;
  text: string;
  expected: { category: Category; text: string }[];
  clean: boolean;
  /** Texts the copy's quotations are checked against, as a writer's uploaded documents. */
  sources?: string[];
}

export interface Miss {
  id: string;
  category: Category;
  text: string;
}

export interface Score {
  perCategory: Record<Category, { expected: number; found: number }>;
  expected: number;
  found: number;
  cleanWords: number;
  falsePositives: { id: string; finding: Finding }[];
  misses: Miss[];
}

/** Parses a JSON-lines corpus, skipping blank lines; throws with the line number on bad JSON. */
export function parseCorpus(source: string): Example[] {
  return source
    .split('\n')
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter((l) => l.line)
    .map(({ line, n }) => {
      try {
        const e = JSON.parse(line) as Example;
        const sources = Array.isArray(e.sources) ? e.sources.filter((t): t is string => typeof t === 'string') : [];
        return { id: e.id, text: e.text, expected: e.expected ?? [], clean: Boolean(e.clean), ...(sources.length ? { sources } : {}) };
      } catch {
        throw new Error(`Line ${n} of the corpus is not valid JSON.`);
      }
    });
}

/**
 * Scores findings against the labels: an expected item is found when a finding
 * of its category overlaps the first occurrence of its text; every finding on a
 * clean example is a false positive.
 */
export function score(examples: readonly Example[], findingsFor: (e: Example) => Finding[]): Score {
  const perCategory = Object.fromEntries(CATEGORIES.map((c) => [c, { expected: 0, found: 0 }])) as Score['perCategory'];
  const result: Score = { perCategory, expected: 0, found: 0, cleanWords: 0, falsePositives: [], misses: [] };
  for (const e of examples) {
    const findings = findingsFor(e);
    if (e.clean) {
      result.cleanWords += countWords(e.text);
      for (const f of findings) result.falsePositives.push({ id: e.id, finding: f });
    }
    for (const item of e.expected) {
      const start = e.text.indexOf(item.text);
      const end = start + item.text.length;
      const hit = start >= 0 && findings.some((f) => f.category === item.category && f.start < end && start < f.end);
      const bucket = perCategory[item.category] ?? (perCategory[item.category] = { expected: 0, found: 0 });
      bucket.expected++;
      result.expected++;
      if (hit) {
        bucket.found++;
        result.found++;
      } else result.misses.push({ id: e.id, category: item.category, text: item.text });
    }
  }
  return result;
}

export function formatScore(s: Score, source: string, examples: number, verbose: boolean): string {
  const lines: string[] = [];
  const pct = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(2));
  lines.push(`Editor evaluation: ${source} (${examples} examples)`);
  lines.push('');
  lines.push('category   expected  found  recall');
  for (const [c, v] of Object.entries(s.perCategory)) {
    if (v.expected === 0) continue;
    lines.push(`${c.padEnd(10)} ${String(v.expected).padStart(8)} ${String(v.found).padStart(6)}  ${pct(v.found, v.expected)}`);
  }
  lines.push('');
  lines.push(`overall recall: ${pct(s.found, s.expected)} (${s.found}/${s.expected})`);
  const per1000 = s.cleanWords ? (s.falsePositives.length * 1000) / s.cleanWords : 0;
  lines.push(`false positives on clean copy: ${s.falsePositives.length} in ${s.cleanWords} words = ${per1000.toFixed(2)} per 1,000 words`);
  if (verbose || s.misses.length || s.falsePositives.length) {
    if (s.misses.length) {
      lines.push('');
      lines.push('missed:');
      for (const m of s.misses) lines.push(`  ${m.id} ${m.category}: "${m.text}"`);
    }
    if (s.falsePositives.length) {
      lines.push('');
      lines.push('false positives:');
      for (const { id, finding } of s.falsePositives) lines.push(`  ${id} ${finding.ruleId}: "${finding.text}" (${finding.message})`);
    }
  }
  return lines.join('\n');
}
