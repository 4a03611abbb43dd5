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

export const harperGrammar = defineRule({
  id: 'grammar/grammar-check',
  category: 'grammar',
  explanation: 'Grammar errors distract readers and invite doubt about the facts.',
  autoFix: true,
  needsHarper: true,
  check(doc) {
    const hits: Hit[] = [];
    for (const lint of doc.harper ?? []) {
      const explanation = EXPLANATIONS[lint.kind];
      if (!explanation) continue;
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
