import { tokensIn } from '../../text/nlp';
import { isFiniteVerb } from '../../text/verbs';
import { countWords } from '../../text/words';
import { defineRule } from '../rule';
import type { Hit } from '../rule';

export const MAX_SENTENCE_WORDS = 35;
/** Past this length no structure carries a reader through. */
export const MAX_ANY_SENTENCE_WORDS = 55;
/** Verbs (each one a clause or a verb phrase) a long sentence may hold before a reader loses its thread. */
export const MAX_LONG_SENTENCE_VERBS = 8;

const SUBJECT_START =
  /^(he|she|they|it|we|i|the|a|an|this|that|these|those|its|their|his|her|our|two|three|four|five|six|seven|eight|nine|ten|some|many|most|police|officials|residents|\p{Lu}[\p{L}'’-]+)\b/u;

/** Whether a clause has a subject and a verb of its own within its first words, so it can stand as a sentence. */
function standsAlone(clause: string): boolean {
  if (!SUBJECT_START.test(clause)) return false;
  const first = clause.match(/[\p{L}'’-]+/gu)?.slice(1, 9) ?? [];
  return first.some(isFiniteVerb);
}

/**
 * Splits a long sentence at its most central clause boundary: a semicolon, or a
 * comma before and/but/though/so that opens a clause with its own subject and
 * verb. Null when no split leaves two sentences of eight words or more, or when
 * the semicolons separate the items of a series ("a son, Tom, of Omaha; and a daughter").
 */
export function splitSentence(sentence: string): string | null {
  const semicolons = sentence.match(/;/g)?.length ?? 0;
  const candidates: { at: number; len: number; join: string }[] = [];
  for (const m of sentence.matchAll(/; |, (and|but|though|although|yet|so) /g)) {
    const rest = sentence.slice(m.index + m[0].length);
    if (!m[1] && (semicolons > 1 || /^(and|or)\b/.test(rest))) continue;
    if (!standsAlone(rest)) continue;
    const join = !m[1] || m[1] === 'and' ? '' : m[1] === 'so' ? 'So ' : 'But ';
    candidates.push({ at: m.index, len: m[0].length, join });
  }
  let best: (typeof candidates)[number] | null = null;
  for (const c of candidates) {
    const left = countWords(sentence.slice(0, c.at));
    const right = countWords(sentence.slice(c.at + c.len));
    if (left < 8 || right < 8) continue;
    if (!best || Math.abs(left - right) < Math.abs(countWords(sentence.slice(0, best.at)) - countWords(sentence.slice(best.at + best.len))))
      best = c;
  }
  if (!best) return null;
  let rest = sentence.slice(best.at + best.len);
  rest = best.join ? best.join + rest : rest[0]!.toUpperCase() + rest.slice(1);
  const left = sentence.slice(0, best.at).replace(/[,;]$/, '');
  // an abbreviation's period already ends the sentence ("Acme Inc.")
  return `${left}${left.endsWith('.') ? '' : '.'} ${rest}`;
}

export const longSentences = defineRule({
  id: 'clarity/long-sentences',
  category: 'clarity',
  scope: 'sentence',
  actions: ['readability', 'simplify'],
  explanation: `A sentence over ${MAX_SENTENCE_WORDS} words that stacks clause on clause asks the reader to hold too much at once: split it, one idea per sentence.`,
  autoFix: true,
  check(doc) {
    const hits: Hit[] = [];
    for (const s of doc.sentences) {
      // the dateline ("RALEIGH, N.C. (AP) — ") is not part of the sentence a reader has to hold
      const start = doc.datelines.find((d) => d.start >= s.start && d.start < s.end)?.end ?? s.start;
      if (start >= s.end) continue;
      const sentence = doc.text.slice(start, s.end);
      const n = countWords(sentence);
      if (n <= MAX_SENTENCE_WORDS) continue;
      // length alone is a hint: a long sentence with one line of action ("X scored twice, and Y beat Z to win…") reads fine
      const verbs = tokensIn(doc, start, s.end).filter((t) => t.pos === 'VERB' || t.pos === 'AUX').length;
      if (n <= MAX_ANY_SENTENCE_WORDS && verbs <= MAX_LONG_SENTENCE_VERBS) continue;
      const split = doc.inQuote(start, s.end) ? null : splitSentence(sentence);
      hits.push({
        start,
        end: s.end,
        message: `This sentence has ${n} words and ${verbs} verbs to keep track of; split it.`,
        suggestion: split,
      });
    }
    return hits;
  },
});
