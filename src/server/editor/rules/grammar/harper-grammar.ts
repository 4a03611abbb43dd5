import type { HarperLint } from '../../harper/client';
import type { Doc } from '../../text/document';
import { isNewsroomWord } from '../../text/newsroom-words';
import { tokensIn } from '../../text/nlp';
import { isPastTense } from '../../text/verbs';
import { defineRule } from '../rule';
import type { Hit } from '../rule';

const EXPLANATIONS: Record<string, string> = {
  Agreement: 'A verb agrees with its subject in number, and a pronoun with the noun it stands for.',
  Repetition: 'A word typed twice is a slip readers notice at once.',
  Miscellaneous: 'Use "an" before a vowel sound and "a" before a consonant sound.',
  Grammar: 'The sentence breaks a rule of English grammar, which distracts readers and invites doubt about the facts.',
  Typo: 'A typing slip changes a word into another one.',
  Malapropism: 'A word that sounds like the intended one says something else.',
  Eggcorn: 'A misheard phrase replaces the standard expression.',
  WordChoice: 'The word used is easily confused with the one the sentence needs.',
  Usage: 'Standard usage calls for a different word or form here.',
  Punctuation: 'Punctuation changes meaning: its is possessive, it’s means it is or it has.',
  BoundaryError: 'Words run together or split apart where the dictionary has them otherwise.',
  Nonstandard: 'The form used is nonstandard in edited English.',
  WordOrder: 'The words are in an order that reads as an error.',
  Capitalization: 'Capitalize the first word of a sentence and proper nouns, and nothing else.',
};

/** Words built with a prefix English compounds freely ("outshot", "overthrew"), which a dictionary cannot list in full. */
const OPEN_PREFIX = /^(?:out|over|under|counter|cross|up|down)\p{Ll}{3,}$/u;

const ORDINAL =
  /^(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\p{N}+(?:st|nd|rd|th)(?:-\p{L}+)?|last|next|own|only)$/iu;

/** Whether the word after `at` starts a noun phrase: an ordinal, a number, an adjective or a noun, not a verb ("their going"). */
function possessiveBeforeNoun(doc: Doc, at: number): boolean {
  const next = tokensIn(doc, at, at + 40).find((t) => /\S/.test(t.text));
  if (!next || doc.text.slice(at, next.start).trim() !== '') return false;
  if (ORDINAL.test(next.text) || /^\p{N}/u.test(next.text)) return true;
  return /^(?:NOUN|ADJ|PROPN|NUM)$/.test(next.pos) && !/ing$/i.test(next.text);
}

/** Whether harper.js misreads this spot of news copy, by what the engine knows about the text around it. */
function misread(doc: Doc, lint: HarperLint): boolean {
  const { text } = doc;
  const problem = text.slice(lint.start, lint.end);
  if (doc.inLayout(lint.start, lint.end)) return true; // a dateline (SAN FRANCISCO) or a section label
  if (/\p{N}/u.test(text[lint.start - 1] ?? '')) return true; // the "s" of "the mid-40s" read as a word
  // harper ends a sentence after Jr. or Co.; the engine's sentence splitter knows those abbreviations
  if (lint.rule === 'SentenceCapitalization' && !doc.startsSentence(lint.start)) return true;
  // English past tense does not change with the subject's number ("He struck out eight")
  if (lint.kind === 'Agreement' && /Verb/.test(lint.rule) && isPastTense(problem)) return true;
  // a word the newsroom list knows whole: AP closes up "weeklong", "homebuyer"; "incompletions" is a plural
  if (lint.rule === 'SplitWords' && (OPEN_PREFIX.test(problem) || isNewsroomWord(problem))) return true;
  // "their eighth win", "their new coach": a possessive before a noun phrase, which "they're" would break
  if (lint.rule === 'TheirToTheyre' && possessiveBeforeNoun(doc, lint.end)) return true;
  // "the city should first study": a noun before a modal is the clause's subject, no preposition is missing
  if (
    lint.rule === 'MissingPreposition' &&
    /^\s*(?:should|would|could|will|can|must|may|might|shall)\b/i.test(text.slice(lint.end - 1, lint.end + 12).replace(/^\S/, ''))
  )
    return true;
  // "the Rams", "the Lakers": a capitalised plural mid-sentence is a name, not a common noun to lowercase
  if (
    lint.kind === 'Capitalization' &&
    /^\p{Lu}\p{Ll}+s$/u.test(problem) &&
    lint.suggestions[0] === problem.toLowerCase() &&
    !doc.startsSentence(lint.start)
  )
    return true;
  return false;
}

/**
 * harper.js's grammar lints. Reported for a person to weigh, never applied by a
 * rewrite on harper's own authority: a correction is applied only when one of the
 * engine's own rules finds the same error (that rule's finding then wins the span).
 */
export const harperGrammar = defineRule({
  id: 'grammar/grammar-check',
  category: 'grammar',
  yieldsTo: ['grammar', 'style', 'clarity/redundancy'],
  explanation: 'Grammar errors distract readers and invite doubt about the facts.',
  autoFix: false,
  needsHarper: true,
  check(doc) {
    const hits: Hit[] = [];
    for (const lint of doc.harper ?? []) {
      const explanation = EXPLANATIONS[lint.kind];
      if (!explanation || misread(doc, lint)) continue;
      const problem = doc.text.slice(lint.start, lint.end);
      const best = lint.suggestions[0];
      if (lint.kind === 'Capitalization' && (!best || (best === best.toUpperCase() && best !== best.toLowerCase()))) continue; // Dec → DEC, Sam → SAM
      if (lint.kind === 'Miscellaneous' && /^a\.?m\b|^a\.m\./i.test(doc.text.slice(lint.start, lint.start + 4))) continue; // a.m.
      if (
        /^\p{Lu}[\p{L}'’-]*$/u.test(problem) &&
        lint.kind !== 'Capitalization' &&
        !doc.startsSentence(lint.start) &&
        lint.kind !== 'Repetition'
      )
        continue;
      hits.push({
        start: lint.start,
        end: lint.end,
        message: lint.message.replace(/`/g, '"'),
        suggestion: best ?? null,
        explanation,
      });
    }
    return hits;
  },
});
