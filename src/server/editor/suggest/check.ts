import { analyze } from '../analyze';
import { MAX_TEXT_CHARS } from '../limits';
import type { Category, Finding, SuggestionKind } from '../types';
import type { Draft } from './compose';
import { AP_STATES } from './style';

/** What rules a suggestion out: a finding of these kinds on it, or on the story's words it repeats. */
const BLOCKING: Record<SuggestionKind, ReadonlySet<Category>> = {
  headline: new Set(['grammar', 'legal', 'style']),
  caption: new Set(['grammar', 'legal', 'style']),
  // a post leads with a quote only when the quote is worth reading and attributed
  social: new Set(['grammar', 'legal', 'style', 'quote']),
};

const ABBREVIATIONS = new Set(Object.values(AP_STATES));

/**
 * AP headline style departs from body style on purpose: numerals for every number
 * (even first: "3 hurt in crash") and state abbreviations. These rule ids must stay
 * in the registry (suggest.test.ts checks them).
 */
export const HEADLINE_STYLE: Readonly<Record<string, (flagged: string) => boolean>> = {
  'style/small-numbers': (t) => /^\d+$/.test(t.trim()),
  'style/figure-at-start': (t) => /^\d/.test(t.trim()),
  'style/state-names': (t) => ABBREVIATIONS.has(t.trim().replace(/,$/, '')),
};

const SEPARATOR = '\n\n';

export function blocks(f: Finding, kind: SuggestionKind): boolean {
  if (!BLOCKING[kind].has(f.category)) return false;
  return !(kind === 'headline' && HEADLINE_STYLE[f.ruleId]?.(f.text));
}

export interface Reviewed {
  draft: Draft;
  /** Findings on the draft itself. */
  own: Finding[];
  /** Findings on the story's words the draft repeats. */
  carried: Finding[];
}

/**
 * Checks drafts with the editor's own review: each is checked where a reader
 * meets it, after the story (so the legal rules know who is only charged), and
 * against the story's words it repeats that carry a finding the review could not fix.
 */
export async function review(story: string, drafts: readonly Draft[], kind: SuggestionKind, wait: boolean): Promise<Reviewed[]> {
  const unique = drafts.filter((d, i) => drafts.findIndex((e) => e.text.toLowerCase() === d.text.toLowerCase()) === i);
  if (!unique.length) return [];
  const body = unique.map((d) => d.text).join(SEPARATOR);
  // the story gives the checks their context; a story near the size limit gives its opening
  let context = story;
  if (context.length + SEPARATOR.length + body.length > MAX_TEXT_CHARS) {
    const room = MAX_TEXT_CHARS - SEPARATOR.length - body.length;
    const cut = context.lastIndexOf('\n', room);
    context = context.slice(0, cut > 0 ? cut : Math.max(0, room)).trimEnd();
  }
  const { findings } = await analyze(`${context}${SEPARATOR}${body}`, { waitForGrammar: wait });
  const inStory =
    context === story ? findings.filter((f) => f.end <= story.length) : (await analyze(story, { waitForGrammar: wait })).findings;
  const open = inStory.filter((f) => blocks(f, kind));
  let at = context.length + SEPARATOR.length;
  return unique.map((draft) => {
    const start = at;
    const end = at + draft.text.length;
    at = end + SEPARATOR.length;
    return {
      draft,
      own: findings.filter((f) => f.start < end && f.end > start && blocks(f, kind)),
      carried: open.filter((f) => draft.from.some((w) => w.start < f.end && w.end > f.start)),
    };
  });
}

/** The drafts the review passes: no grammar, style or legal finding on them or on the story words they repeat. */
export async function vet(story: string, drafts: readonly Draft[], kind: SuggestionKind, wait: boolean): Promise<Draft[]> {
  return (await review(story, drafts, kind, wait)).filter((r) => !r.own.length && !r.carried.length).map((r) => r.draft);
}
