import type { Doc } from '../text/document';
import { escapeRegExp } from '../text/words';
import type { Category } from '../types';

/** What a rule reports; `analyze` turns it into a Finding. */
export interface Hit {
  start: number;
  end: number;
  message: string;
  /** Replacement for the span, or null when a person must decide. */
  suggestion?: string | null;
  /** Overrides the rule's explanation when this hit needs a more specific one. */
  explanation?: string;
}

export interface Rule {
  /** `<category>/<name>`, stable: the client and the grounding prompt cite it. */
  id: string;
  category: Category;
  /** One sentence that states the rule. */
  explanation: string;
  /**
   * Whether `rewrite` may apply this rule's suggestions without a person checking
   * them: true only when applying one can never make correct copy worse. A rule
   * that is sure of some hits and not others keeps `true` and returns a null
   * suggestion for the unsure ones; a grammar checker's lints are never safe on
   * their own (an engine rule that finds the same error applies its own fix).
   */
  autoFix: boolean;
  /** Rules that read harper.js lints run after they arrive. */
  needsHarper?: boolean;
  check(doc: Doc): Hit[];
}

export const defineRule = (rule: Rule): Rule => rule;

const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';

/** A case-insensitive regex that matches any of the phrases as whole words (longest first). */
export function phraseRegex(phrases: readonly string[], flags = 'giu'): RegExp {
  const sorted = [...new Set(phrases)].sort((a, b) => b.length - a.length);
  const body = sorted
    .map((p) =>
      escapeRegExp(p)
        .replace(/\\?\s+/g, '\\s+')
        .replace(/'/g, "['’]"),
    )
    .join('|');
  return new RegExp(`${B}(?:${body})${E}`, flags);
}

/** Whole-word regex from a source pattern string. */
export function wordRegex(source: string, flags = 'giu'): RegExp {
  return new RegExp(`${B}(?:${source})${E}`, flags);
}

/** Runs a global regex over the text and keeps the hits the callback returns. */
export function scan(text: string, re: RegExp, hit: (m: RegExpExecArray) => Hit | null | undefined | false): Hit[] {
  const out: Hit[] = [];
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    const h = hit(m);
    if (h) out.push(h);
  }
  return out;
}

/** Map keyed by lower-case phrase. */
export function lookup<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return map[key.toLowerCase().replace(/\s+/g, ' ').replace(/’/g, "'")];
}
