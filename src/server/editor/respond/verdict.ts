import type { Analysis, Category, Finding } from '../types';

export type Verdict = 'yes' | 'mostly' | 'no';

/** Distinct problems: the same words flagged by the same rule count once, however often they occur. */
export function distinctProblems(findings: readonly Finding[]): number {
  return new Set(findings.map((f) => `${f.ruleId}\u0000${f.text.toLowerCase()}\u0000${f.suggestion ?? ''}`)).size;
}

/**
 * Yes with no deviations; mostly with a few (three, or one per 200 words in a
 * long story); no past that.
 */
export function verdictFor(findings: readonly Finding[], words: number): Verdict {
  const n = distinctProblems(findings);
  if (n === 0) return 'yes';
  return n <= Math.max(3, Math.ceil(words / 200)) ? 'mostly' : 'no';
}

export const findingsIn = (analysis: Analysis, category: Category) => analysis.findings.filter((f) => f.category === category);
