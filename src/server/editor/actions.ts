import type { Rule } from './rules/rule';
import type { Action, Category } from './types';

interface ActionSpec {
  label: string;
  categories: readonly Category[];
  rules: readonly string[];
}

/** Which rules' safe fixes each quick action applies. */
export const ACTION_SPECS: Record<Action, ActionSpec> = {
  concise: {
    label: 'more concise',
    categories: [],
    rules: [
      'clarity/wordy-phrases',
      'clarity/redundancy',
      'clarity/redundant-acronyms',
      'clarity/filler-words',
      'clarity/simpler-words',
      'clarity/passive-voice',
      'style/money',
      'grammar/repeated-words',
    ],
  },
  clarity: { label: 'clearer', categories: ['clarity', 'grammar'], rules: [] },
  grammar: { label: 'corrected for grammar and AP style', categories: ['grammar', 'style'], rules: [] },
  readability: {
    label: 'easier to read',
    categories: [],
    rules: [
      'clarity/long-sentences',
      'clarity/passive-voice',
      'clarity/wordy-phrases',
      'clarity/simpler-words',
      'clarity/filler-words',
      'clarity/redundancy',
      'grammar/repeated-words',
    ],
  },
  professional: {
    label: 'more professional',
    categories: ['style', 'legal', 'grammar'],
    rules: ['clarity/filler-words', 'clarity/redundancy'],
  },
  simplify: {
    label: 'in simpler language',
    categories: [],
    rules: [
      'clarity/simpler-words',
      'clarity/wordy-phrases',
      'clarity/redundancy',
      'clarity/long-sentences',
      'clarity/passive-voice',
      'clarity/filler-words',
      'clarity/redundant-acronyms',
    ],
  },
};

export function actionApplies(action: Action, rule: Pick<Rule, 'id' | 'category'>): boolean {
  const spec = ACTION_SPECS[action];
  return spec.categories.includes(rule.category) || spec.rules.includes(rule.id);
}

/** Rules that rewrite a whole sentence; they run on the text after the word-level fixes. */
export const SENTENCE_RULES = new Set(['clarity/passive-voice', 'clarity/long-sentences']);
