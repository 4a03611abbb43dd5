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

/**
 * harper.js's spelling lints. A dictionary cannot know every name, term and
 * compound in the news, and its closest word is often the wrong one, so its
 * corrections are reported, never applied on its own authority (the engine's
 * list of known misspellings, grammar/common-misspellings, applies its own).
 */
export const spelling = defineRule({
  id: 'grammar/spelling',
  category: 'grammar',
  yieldsTo: ['grammar', 'style', 'clarity/redundancy'],
  explanation: 'A misspelled word costs the story credibility; AP follows Webster’s New World College Dictionary.',
  autoFix: false,
  needsHarper: true,
  check(doc) {
    const hits: Hit[] = [];
    for (const lint of doc.harper ?? []) {
      if (lint.kind !== 'Spelling') continue;
      const word = doc.text.slice(lint.start, lint.end);
      // capitalised words are names harper cannot know (Velden, Oyelaran); all-caps are acronyms
      if (/\p{Lu}/u.test(word) || /\d/.test(word) || NEWS_WORDS.has(word.toLowerCase())) continue;
      if (doc.inLayout(lint.start, lint.end)) continue;
      const token = tokenAround(doc.text, lint.start, lint.end);
      if (/[@#]|:\/\/|www\.|\.[a-z]{2,4}\b/i.test(token)) continue; // addresses, handles, hashtags
      if (/\d/.test(token)) continue; // the "s" of "the 1990s" or "mid-40s"
      if (doc.text[lint.start - 1] === '-' || doc.text[lint.end] === '-') continue; // part of a compound: right-hander, co-op
      const best = lint.suggestions[0];
      // harper knows the singular and offers its possessive: "innings" is the plural of "inning"
      if (best && best.replace(/['’]/g, '') === word) continue;
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
