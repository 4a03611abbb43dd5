import type { Rule } from './rules/rule';
import { rules } from './rules/registry';
import type { Action, Category } from './types';

interface ActionSpec {
  label: string;
  /** Categories whose safe fixes the action applies whole; single rules opt in with their own `actions`. */
  categories: readonly Category[];
}

export const ACTION_SPECS: Record<Action, ActionSpec> = {
  concise: { label: 'more concise', categories: [] },
  clarity: { label: 'clearer', categories: ['clarity', 'grammar'] },
  grammar: { label: 'corrected for grammar and AP style', categories: ['grammar', 'style'] },
  readability: { label: 'easier to read', categories: [] },
  professional: { label: 'more professional', categories: ['style', 'legal', 'grammar'] },
  simplify: { label: 'in simpler language', categories: [] },
};

export function actionApplies(action: Action, rule: Pick<Rule, 'category' | 'actions'>): boolean {
  return ACTION_SPECS[action].categories.includes(rule.category) || Boolean(rule.actions?.includes(action));
}

/** Rules that rewrite a whole sentence; they run on the text after the word-level fixes. */
export const SENTENCE_RULES: ReadonlySet<string> = new Set(rules.filter((r) => r.scope === 'sentence').map((r) => r.id));
