import { editDistance } from '../../text/distance';
import { defineRule } from '../rule';
import type { Hit } from '../rule';

/** Words harper.js does not know that are standard in AP copy. */
const NEWS_WORDS = new Set([
  'adviser',
  'advisers',
  'reelect',
  'reelected',
  'reelection',
  'webpage',
  'webpages',
  'livestream',
  'livestreamed',
  'cellphone',
  'cellphones',
  'underway',
]);

/** The whitespace-delimited token that contains [start, end). */
function tokenAround(text: string, start: number, end: number): string {
  let s = start;
  let e = end;
  while (s > 0 && !/\s/.test(text[s - 1]!)) s--;
  while (e < text.length && !/\s/.test(text[e]!)) e++;
  return text.slice(s, e).replace(/[.,;:!?)"”’]+$/, '');
}

export const spelling = defineRule({
  id: 'grammar/spelling',
  category: 'grammar',
  explanation: 'A misspelled word costs the story credibility; AP follows Webster’s New World College Dictionary.',
  autoFix: true,
  needsHarper: true,
  check(doc) {
    const hits: Hit[] = [];
    for (const lint of doc.harper ?? []) {
      if (lint.kind !== 'Spelling') continue;
      const word = doc.text.slice(lint.start, lint.end);
      // capitalised words are names harper cannot know (Velden, Oyelaran); all-caps are acronyms
      if (/\p{Lu}/u.test(word) || /\d/.test(word) || NEWS_WORDS.has(word.toLowerCase())) continue;
      if (/[@#]|:\/\/|www\.|\.[a-z]{2,4}\b/i.test(tokenAround(doc.text, lint.start, lint.end))) continue; // addresses, handles, hashtags
      const best = lint.suggestions[0];
      const confident =
        best !== undefined && best.toLowerCase() !== word.toLowerCase() && editDistance(word.toLowerCase(), best.toLowerCase()) <= 2;
      hits.push({
        start: lint.start,
        end: lint.end,
        message: best ? `"${word}" is misspelled; did you mean "${best}"?` : `"${word}" is not in the dictionary.`,
        suggestion: confident ? best! : null,
      });
    }
    return hits;
  },
});
