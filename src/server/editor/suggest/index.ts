import { analyze } from '../analyze';
import { assertUsable } from '../limits';
import { rewriteAll } from '../rewrite';
import type { SuggestionKind } from '../types';
import { SUGGESTION_KINDS } from '../types';
import { captionDrafts } from './caption';
import { blocks, vet } from './check';
import { pick, type Draft } from './compose';
import { readStory, type Story } from './facts';
import { headlineDrafts } from './headline';
import { unattributedOpinions } from './opinion';
import { repeatsItself } from './repeats';
import { socialDrafts } from './social';

export { HEADLINE_MAX } from './headline';
export { SOCIAL_MAX } from './social';

export interface SuggestOptions {
  /** Wait for the grammar checker when it is still loading, so every suggestion is grammar-checked. */
  waitForGrammar?: boolean;
  /** How many to offer (default 3, at most 10): fewer when the copy does not give that many good ones. */
  count?: number;
}

/** How many suggestions of a kind the editor offers, and the most it is asked for. */
export const SUGGESTIONS_OFFERED = 3;
export const MOST_SUGGESTIONS = 10;

const DRAFTS: Record<SuggestionKind, (story: Story) => Draft[]> = {
  headline: headlineDrafts,
  social: socialDrafts,
  caption: captionDrafts,
};

/**
 * Headlines (AP headline style, at most 70 characters), social posts (a hook and
 * the key fact, at most 280 characters) or captions (present tense: who, what,
 * where; then when), written from the reviewed copy, so an error the review fixes
 * never comes back, and each checked by the review itself: none is offered with a
 * grammar, style or legal finding. A view appears only with the person who holds
 * it, and no suggestion says the same sentence twice.
 */
export async function suggest(text: string, kind: SuggestionKind, options: SuggestOptions = {}): Promise<string[]> {
  if (!(SUGGESTION_KINDS as readonly string[]).includes(kind))
    throw new Error(`Unknown suggestion kind "${String(kind)}". Use one of: ${SUGGESTION_KINDS.join(', ')}.`);
  const problem = assertUsable(text);
  if (problem === 'empty' || problem === 'not-english') return [];
  const wait = options.waitForGrammar ?? false;
  const { text: revised } = await rewriteAll(text, { waitForGrammar: wait });
  // what the review still flags in the revised copy (a misspelling with no safe fix) is left out of every draft
  const flagged = (await analyze(revised, { waitForGrammar: wait })).findings.filter((f) => blocks(f, kind));
  // an opinion is news only as someone's; a suggestion says each thing once
  const drafts = DRAFTS[kind](readStory(revised, flagged)).filter((d) => !unattributedOpinions(d.text).length && !repeatsItself(d.text));
  const kept = await vet(revised, drafts, kind, wait);
  const count = Math.max(1, Math.min(MOST_SUGGESTIONS, Math.floor(options.count ?? SUGGESTIONS_OFFERED)));
  return pick(kept, count).map((d) => d.text);
}
