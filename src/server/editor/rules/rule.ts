import type { Doc } from '../text/document';
import { escapeRegExp } from '../text/words';
import type { Action, Category } from '../types';
import type { RuleId } from './ids';

export type { RuleId } from './ids';

/**
 * How much of the copy a rule's fix rewrites: `word` fixes are applied first,
 * `sentence` fixes (recasting a passive, splitting a long sentence) run on the
 * text after them so their offsets hold.
 */
export type RuleScope = 'word' | 'sentence';

/** What a rule reports; `analyze` turns it into a Finding. */
export interface Hit {
  start: number;
  end: number;
  message: string;
  /** Replacement for the span, or null when a person must decide. */
  suggestion?: string | null;
  /** Overrides the rule's explanation when this hit needs a more specific one. */
  explanation?: string;
  /** The other place in the copy this hit disagrees with. */
  related?: { start: number; end: number };
}

export interface Rule {
  /** `<category>/<name>`, stable: the client and the grounding prompt cite it. */
  id: RuleId;
  category: Category;
  /** Defaults to `word`. */
  scope?: RuleScope;
  /**
   * Quick actions that apply this rule's safe fixes beyond the categories an
   * action takes whole (see `ACTION_SPECS`).
   */
  actions?: readonly Action[];
  /**
   * Findings this rule drops when another finding overlaps them: a rule id, or a
   * whole category ("a hand-written grammar or style rule already says it").
   */
  yieldsTo?: readonly (RuleId | Category)[];
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
