import { editDistance } from '../../text/distance';
import type { Doc } from '../../text/document';
import { isNewsroomWord, knownMisspelling } from '../../text/newsroom-words';
import { matchCase } from '../../text/words';
import { defineRule } from '../rule';
import type { Hit } from '../rule';

const ATTRIBUTION = /^\s+(?:said|says|told|added|asked|wrote|testified|explained|noted|announced)\b/;

/**
 * Whether the story itself makes a capitalized word a name: used the same way twice or more, run into
 * another capitalized word ("Blackwood Elementary"), or the one who "said".
 */
function establishedName(doc: Doc, word: string, end: number): boolean {
  const uses = doc.text.match(new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'gu'))?.length ?? 0;
  if (uses >= 2) return true;
  const after = doc.text.slice(end, end + 40);
  return /^['’]?s?\s+\p{Lu}/u.test(after) || ATTRIBUTION.test(after);
}

/** Whether another capitalized word in the story is one slip away: a name spelled two ways, which consistency/name-variants reports. */
function variantOfAnotherName(doc: Doc, word: string): boolean {
  const names = doc.memo('spelling-capitalized-words', () => new Set(doc.text.match(/\p{Lu}\p{Ll}+/gu) ?? []));
  for (const other of names) if (other !== word && editDistance(other, word) <= 2) return true;
  return false;
}

/**
 * A capitalized word is a name harper cannot know (Velden, Oyelaran), or an acronym; it is checked only where
 * it opens a sentence, is one of English's common misspellings ("Sytem") and the story does not make it a name.
 */
function passesAsName(doc: Doc, word: string, start: number, end: number): boolean {
  if (!/^\p{Lu}\p{Ll}+$/u.test(word) || !doc.startsSentence(start)) return /\p{Lu}/u.test(word);
  return !knownMisspelling(word) || establishedName(doc, word, end) || variantOfAnotherName(doc, word);
}

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
      if (/\d/.test(word) || isNewsroomWord(word) || passesAsName(doc, word, lint.start, lint.end)) continue;
      if (doc.inLayout(lint.start, lint.end)) continue;
      const token = tokenAround(doc.text, lint.start, lint.end);
      if (/[@#]|:\/\/|www\.|\.[a-z]{2,4}\b/i.test(token)) continue; // addresses, handles, hashtags
      if (/\d/.test(token)) continue; // the "s" of "the 1990s" or "mid-40s"
      if (doc.text[lint.start - 1] === '-' || doc.text[lint.end] === '-') continue; // part of a compound: right-hander, co-op
      // cspell's list knows the intended word of a common slip ("sytem" is "system", not harper's "stem")
      const known = knownMisspelling(word);
      const best = known?.length === 1 ? matchCase(word, known[0]!) : lint.suggestions[0];
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
