import type { Analysis, Category, Finding } from '../types';

export type Verdict = 'yes' | 'no';

/** Distinct problems: the same words flagged by the same rule count once, however often they occur. */
export function distinctProblems(findings: readonly Finding[]): number {
  return new Set(findings.map((f) => `${f.ruleId}\u0000${f.text.toLowerCase()}\u0000${f.suggestion ?? ''}`)).size;
}

/** Yes only with no departure at all: copy with one AP error does not follow AP style. */
export function verdictFor(findings: readonly Finding[]): Verdict {
  return distinctProblems(findings) === 0 ? 'yes' : 'no';
}

export const findingsIn = (analysis: Analysis, category: Category) => analysis.findings.filter((f) => f.category === category);
