import { assertUsable } from '../limits';
import type { SuggestionKind } from '../types';
import { SUGGESTION_KINDS } from '../types';
import { captions } from './caption';
import { headlines } from './headline';
import { socialPosts } from './social';

/**
 * Headlines (three, at most 70 characters, present tense, no final period),
 * social posts (three, at most 280 characters) or captions (who, what, where,
 * when), drawn only from the copy's own sentences.
 */
export function suggest(text: string, kind: SuggestionKind): string[] {
  if (!(SUGGESTION_KINDS as readonly string[]).includes(kind))
    throw new Error(`Unknown suggestion kind "${String(kind)}". Use one of: ${SUGGESTION_KINDS.join(', ')}.`);
  const problem = assertUsable(text);
  if (problem === 'empty' || problem === 'not-english') return [];
  if (kind === 'headline') return headlines(text);
  if (kind === 'social') return socialPosts(text);
  return captions(text);
}
