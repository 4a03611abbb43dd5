import type { QuoteCheck } from './story/quote-sources';
export const CATEGORIES = ['style', 'grammar', 'clarity', 'quote', 'context', 'vague', 'legal', 'consistency'] as const;
export type Category = (typeof CATEGORIES)[number];

/** One problem in the copy. Offsets are UTF-16 code units into the analysed text. */
export interface Finding {
  ruleId: string;
  category: Category;
  start: number;
  end: number;
  text: string;
  message: string;
  /** One sentence that states the rule: the "explains edits" feature. */
  explanation: string;
  /** The replacement for `text`, or null when only a person can fix it. */
  suggestion: string | null;
  /** The other place a story-level finding sets this one against (a `consistency` finding's earlier or majority form). */
  related?: { start: number; end: number; text: string };
}

export interface Stats {
  words: number;
  sentences: number;
  /** Flesch-Kincaid grade level, one decimal. */
  readingGrade: number;
}

export interface Analysis {
  findings: Finding[];
  stats: Stats;
  /** With sources: every quotation looked up in them, found ones too. */
  quotes?: QuoteCheck[];
}

export const ACTIONS = ['concise', 'clarity', 'grammar', 'readability', 'professional', 'simplify'] as const;
export type Action = (typeof ACTIONS)[number];

/** One change that `rewrite` made; offsets are into the original text. */
export interface Edit {
  ruleId: string;
  category: Category;
  start: number;
  end: number;
  before: string;
  after: string;
  explanation: string;
}

export interface Rewrite {
  text: string;
  edits: Edit[];
}

export const SUGGESTION_KINDS = ['headline', 'social', 'caption'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

export interface ChatTurn {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

export interface UploadedDocument {
  name?: string;
  text: string;
}
