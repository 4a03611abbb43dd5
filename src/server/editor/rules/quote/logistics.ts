import { defineRule } from '../rule';
import type { Hit } from '../rule';
import { OPINION, quotations } from './quotations';

const LOGISTICS =
  /\b(opens?|starts?|begins?|closes?|is held|will be held|takes place|located|available online|online at|register|registration|sign up|tickets?|admission|parking|website|doors open|hours are|deadline|is free|are free|free and open|meets?|schedule[sd]?|enter(?:s)? through|entrance|starting|enforced|posted|go up|goes up|will be available)\b/i;
const WHEN_WHERE =
  /\b\d{1,2}(?::\d\d)?\s?(a\.m\.|p\.m\.)|\bnoon\b|\bmidnight\b|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|every day|daily|weekdays|online|website|chambers|hall|room|center|library|building|street|avenue|floor|lobby|entrance|wing|tower|campus|at the|in the|on the|january|february|march|april|june|july|august|september|october|november|december|first of the|end of the)\b/i;

const PERSONAL = /\b(?:i|i'm|i’m|i've|i’ve|i'd|i’d|me|my|mine)\b/i;

/** A quote that only gives times, places or how to sign up. */
export function isLogistics(content: string, words: number): boolean {
  // "our website", "we will post": an organization's we gives logistics too; "I" speaks for a person
  return words <= 25 && LOGISTICS.test(content) && WHEN_WHERE.test(content) && !PERSONAL.test(content) && !OPINION.test(content);
}

export const logistics = defineRule({
  id: 'quote/logistics',
  category: 'quote',
  explanation: 'Quotes are for opinion, emotion and insight; times, places and sign-up details belong in the reporter’s own words.',
  autoFix: false,
  check(doc) {
    const hits: Hit[] = [];
    for (const q of quotations(doc)) {
      if (!isLogistics(q.content, q.words)) continue;
      hits.push({
        start: q.start,
        end: q.end,
        message: 'Weak quote: it only gives logistics. Paraphrase the facts and save quotes for what the source thinks.',
        suggestion: null,
      });
    }
    return hits;
  },
});
