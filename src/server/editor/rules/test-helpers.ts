import type { HarperLint } from '../harper/client';
import { buildDocument } from '../text/document';
import type { Rule } from './rule';

/** What a rule flags in a text: the flagged words and the proposed replacement. */
export function hitsOf(rule: Rule, text: string, harper: HarperLint[] | null = null): { text: string; suggestion: string | null }[] {
  const doc = buildDocument(text, harper);
  return rule.check(doc).map((h) => ({ text: text.slice(h.start, h.end), suggestion: h.suggestion ?? null }));
}
