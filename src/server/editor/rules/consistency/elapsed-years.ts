import { personKey, personMentions } from '../../story/people';
import { BEGINNINGS, dateMentions, storyDate, utc, yearsBetween } from '../../story/story-date';
import type { Doc, Sentence } from '../../text/document';
import { tokensIn } from '../../text/nlp';
import { SPELLED_ANY, spelledValue } from '../../text/numbers';
import { defineRule, type Hit } from '../rule';

/** Something's beginning in a stated year: "the library opened in 1964", "born April 2, 1936". */
interface Beginning {
  start: number;
  end: number;
  date: Date;
  /** Whether month and day are known, so an age can be told exactly. */
  exact: boolean;
  sentence: Sentence;
  /** The thing that began ("library"), or null for a birth. */
  subject: string | null;
  /** For a birth: whose, when the sentence names someone. */
  person: string | null;
}

interface Span {
  start: number;
  end: number;
  value: number;
}

const N = `(\\d{1,3}|${SPELLED_ANY})`;
const num = (s: string) => (/^\d+$/.test(s) ? Number(s) : (spelledValue(s) ?? NaN));

function beginnings(doc: Doc): Beginning[] {
  const out: Beginning[] = [];
  const dates = dateMentions(doc);
  for (const s of doc.sentences) {
    const words = tokensIn(doc, s.start, s.end);
    const verb = words.find((t) => t.pos === 'VERB' && BEGINNINGS.has(t.lemma));
    if (!verb) continue;
    const birth = verb.lemma === 'bear';
    const full = dates.find((d) => d.year !== null && d.start > verb.start && d.start < s.end);
    const bare = doc.text.slice(verb.end, s.end).match(/^\s+(?:\S+\s+){0,4}?(?:in|since)\s+(1[7-9]\d\d|20\d\d)\b/);
    let begin: Pick<Beginning, 'start' | 'end' | 'date' | 'exact'> | null = null;
    if (full && (!bare || full.start < verb.end + bare.index! + bare[0].length))
      begin = { start: full.start, end: full.end, date: utc(full.year!, full.month, full.day), exact: true };
    else if (bare) {
      const end = verb.end + bare[0].length;
      begin = { start: end - 4, end, date: utc(Number(bare[1]), 0, 1), exact: false };
    }
    if (!begin) continue;
    const before = words.filter((t) => t.start < verb.start);
    const subject = birth ? null : ([...before].reverse().find((t) => t.pos === 'NOUN' || t.pos === 'PROPN')?.lemma ?? null);
    if (!birth && !subject) continue;
    const named = birth ? personMentions(doc).find((m) => m.start >= s.start && m.end <= verb.start) : undefined;
    out.push({ ...begin, sentence: s, subject, person: named ? personKey(doc, named) : null });
  }
  return out;
}

/** How long a thing has lasted, and where that counts: any sentence, one that names the thing, or only the beginning's own. */
const SPAN_PATTERNS: { re: RegExp; anniversary: boolean; scope: 'same' | 'named' | 'any' }[] = [
  { re: new RegExp(`\\b${N}\\s+years\\s+ago\\b`, 'gi'), anniversary: false, scope: 'same' },
  { re: new RegExp(`\\b(\\d{1,3})(?:st|nd|rd|th)\\s+anniversary\\b`, 'gi'), anniversary: true, scope: 'named' },
  { re: new RegExp(`\\b${N}\\s+years\\s+old\\b`, 'gi'), anniversary: false, scope: 'named' },
  // "opened in 1964 and has served residents for 60 years": the same thing's whole life, in its own sentence
  { re: new RegExp(`\\b(?:has|have)\\s+(?:[\\p{L}'’-]+\\s+){1,5}?for\\s+${N}\\s+years\\b`, 'giu'), anniversary: false, scope: 'same' },
  { re: new RegExp(`\\b(?:celebrat\\w*|marks?|marking|marked)\\s+${N}\\s+years\\b`, 'giu'), anniversary: true, scope: 'named' },
  { re: new RegExp(`\\b${N}-year-old\\s+([\\p{L}-]+)`, 'giu'), anniversary: false, scope: 'any' },
];

/** Years a thing is said to have lasted, in the sentence of its beginning or one that names it. */
function spansOf(doc: Doc, b: Beginning): (Span & { anniversary: boolean })[] {
  const out: (Span & { anniversary: boolean })[] = [];
  for (const s of doc.sentences) {
    const same = s === b.sentence;
    const text = s.text;
    const names = b.subject !== null && tokensIn(doc, s.start, s.end).some((t) => t.lemma === b.subject);
    for (const { re, anniversary, scope } of SPAN_PATTERNS) {
      if (!(scope === 'any' || same || (scope === 'named' && names))) continue;
      for (const m of text.matchAll(re)) {
        if (m[2] !== undefined) {
          const noun = tokensIn(doc, s.start + m.index + m[0].length - m[2].length, s.start + m.index + m[0].length)[0];
          if (!noun || noun.lemma !== b.subject) continue;
        }
        const value = num(m[1]!);
        const at = s.start + m.index;
        if (doc.inQuote(at) || !(value > 0)) continue;
        const from = m[2] !== undefined ? 0 : m[0].indexOf(m[1]!); // "has served for 60 years" points at "60 years"
        out.push({ start: at + from, end: at + (m[2] !== undefined ? m[0].length - m[2].length - 1 : m[0].length), value, anniversary });
      }
    }
  }
  return out;
}

/** Ages given to the person born: by name, or "she was 88" / "died at 88" when the birth is the story's one. */
function agesOf(doc: Doc, b: Beginning, births: number): Span[] {
  const out: Span[] = [];
  for (const m of personMentions(doc))
    if (m.age && b.person && personKey(doc, m) === b.person) out.push({ start: m.age.start, end: m.age.end, value: m.age.value });
  const named = personMentions(doc).some((m) => m.start >= b.sentence.start && m.end <= b.end);
  if (births === 1 && (named || /^\s*(?:She|He)\b/.test(b.sentence.text)))
    for (const m of doc.text.matchAll(
      new RegExp(
        `\\b(?:(?:She|He)\\s+(?:was|is|turned)|died\\s+at(?:\\s+age)?)\\s+(\\d{1,3})\\b(?!\\s*(?:percent|%|years?\\s+(?:ago|later|earlier|before|after)))`,
        'g',
      ),
    )) {
      const at = m.index + m[0].length - m[1]!.length;
      if (!doc.inQuote(at)) out.push({ start: at, end: at + m[1]!.length, value: Number(m[1]) });
    }
  return out;
}

export const elapsedYears = defineRule({
  id: 'consistency/elapsed-years',
  category: 'consistency',
  explanation: 'An age or anniversary matches the year the story gives, counted to the story’s date.',
  autoFix: false,
  check(doc) {
    const ref = storyDate(doc);
    const all = beginnings(doc);
    const births = all.filter((b) => b.subject === null).length;
    // an age at death counts to the day of death: without the story's date the clock cannot place it
    const deathUndated = ref === doc.now && tokensIn(doc, 0, doc.text.length).some((t) => t.pos === 'VERB' && t.lemma === 'die');
    const hits: Hit[] = [];
    const seen = new Set<number>();
    for (const b of all) {
      if (b.date > ref || (b.subject === null && deathUndated)) continue;
      const exact = yearsBetween(b.date, ref);
      const elapsed = b.exact ? exact : ref.getUTCFullYear() - b.date.getUTCFullYear();
      const began = doc.text.slice(b.start, b.end);
      const spans = b.subject === null ? agesOf(doc, b, births).map((a) => ({ ...a, anniversary: false })) : spansOf(doc, b);
      for (const span of spans) {
        const fits = span.anniversary ? Math.abs(span.value - elapsed) <= 1 : span.value === elapsed || span.value === elapsed - 1;
        if (fits || seen.has(span.start)) continue;
        seen.add(span.start);
        const when =
          ref === doc.now
            ? 'today'
            : `the story’s date (${ref.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })})`;
        const counted = b.exact ? `${exact}` : `${elapsed - 1} or ${elapsed}`;
        hits.push({
          start: span.start,
          end: span.end,
          message: `${span.value} here, but from “${began}” to ${when} is ${counted} years.`,
          related: { start: b.start, end: b.end },
        });
      }
    }
    return hits;
  },
});
