import { WEEKDAYS } from '../text/dates';
import { buildDocument, type Doc } from '../text/document';
import { presentOfPast } from '../text/verbs';

export interface StorySentence {
  text: string;
  index: number;
  /** True when the sentence is mostly a quotation. */
  quote: boolean;
}

const WEEKDAY = WEEKDAYS.join('|');
const INTRO =
  /^(After|Before|During|In|On|At|Under|With|Following|Despite|Since|Because|When|While|Although|As|Amid|Over|For)\b[^,]{0,80},\s+/;
const ATTRIBUTION_TAIL =
  /,\s+(?:according to [^,.]+|(?:the\s+)?[\p{L}.'’-]+(?:\s+[\p{L}.'’-]+){0,6}\s+(?:said|says)(?:\s+(?:on\s+)?(?:\p{Lu}\p{Ll}+day|\p{Lu}\p{Ll}+\.?\s+\d{1,2}))?|(?:said|says)\s+[\p{L}.'’-]+(?:\s+[\p{L}.'’-]+){0,6})\s*\.?$/u;
const DAY_WORDS = new RegExp(
  `\\s+(?:(?:on|late|early|last|this)\\s+)?(?:${WEEKDAY})(?:\\s+(?:morning|afternoon|evening|night))?(?=[\\s,.;]|$)`,
  'g',
);

export function storySentences(text: string, doc: Doc = buildDocument(text)): StorySentence[] {
  return doc.sentences.map((s) => {
    const quoted = doc.quotes.filter((q) => q.start >= s.start - 1 && q.end <= s.end + 1).reduce((n, q) => n + (q.end - q.start), 0);
    return { text: s.text, index: s.index, quote: quoted > s.text.length * 0.5 };
  });
}

export const stripAttribution = (s: string) => s.replace(ATTRIBUTION_TAIL, '');
export const stripIntro = (s: string) => s.replace(INTRO, '');
export const stripDays = (s: string) => s.replace(DAY_WORDS, '');
export const stripFinalPunctuation = (s: string) => s.replace(/[\s.;:,]+$/, '');

/** When words in the sentence ("Tuesday", "Dec. 9", "in March"). */
export function findWhen(text: string): string | null {
  return (
    text.match(new RegExp(`\\b(?:${WEEKDAY})(?:,\\s+(?:Jan|Feb|Aug|Sept|Oct|Nov|Dec)\\.\\s+\\d{1,2})?\\b`))?.[0] ??
    text.match(/\b(?:Jan|Feb|Aug|Sept|Oct|Nov|Dec)\.\s+\d{1,2}\b|\b(?:March|April|May|June|July)\s+\d{1,2}\b/)?.[0] ??
    null
  );
}

/** Where words: "at City Hall", "in Velden County", "on Front Street". */
export function findWhere(text: string): string | null {
  const m = text.match(/\b(?:at|in|on|near)\s+(?:the\s+)?(\p{Lu}[\p{L}'’.-]+(?:\s+(?:of\s+)?\p{Lu}[\p{L}'’.-]+){0,4})/u);
  if (!m) return null;
  if (
    new RegExp(
      `^(?:${WEEKDAY}|January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.|Feb\\.|Aug\\.|Sept\\.|Oct\\.|Nov\\.|Dec\\.)`,
    ).test(m[1]!)
  )
    return null;
  return m[0];
}

const NOT_PAST = new Set([
  'need',
  'feed',
  'seed',
  'speed',
  'bleed',
  'breed',
  'exceed',
  'proceed',
  'succeed',
  'red',
  'bed',
  'shed',
  'hundred',
  'sacred',
  'naked',
  'wicked',
  'kindred',
  'sled',
  'wed',
  'shred',
  'weed',
  'deed',
  'greed',
  'steed',
  'creed',
  'tweed',
  'embed',
]);
const AUX = /^(will|would|could|can|may|might|must|should|has|have|had|is|are|was|were|plans|plan|wants|hopes|expects)$/i;

/**
 * Puts the sentence's main verb in the present tense, headline style: "voted" →
 * "votes", "will close" → "to close". Only the first verb after the subject changes.
 */
export function toHeadlineTense(clause: string): string {
  const words = clause.split(' ');
  for (let i = 1; i < words.length && i < 14; i++) {
    const w = words[i]!;
    const bare = w.replace(/[,.;:]$/, '');
    const prev = words[i - 1]!;
    if (/^(will)$/i.test(bare) && words[i + 1] && !/^(be)$/i.test(words[i + 1]!)) {
      words.splice(i, 1, 'to');
      return words.join(' ');
    }
    if (AUX.test(bare)) return words.join(' ');
    if (/^(the|a|an|its|their|his|her|of|to|and|or|who|that|which|by|for|with|in|on|at|from)$/i.test(prev)) continue;
    if (NOT_PAST.has(bare)) continue;
    if (
      /^\p{Ll}+ed$/u.test(bare) ||
      /^(beat|won|found|made|took|held|sold|lost|spent|paid|cut|set|left|ran|gave|chose|fell|rose|grew|built|brought|bought|met|went|came|began|hit|struck|shut|led|sent|told|kept|drew|wrote|saw|got|put|sought|broke|shot)$/.test(
        bare,
      )
    ) {
      const present = presentOfPast(bare);
      if (!present) return words.join(' ');
      words[i] = present + w.slice(bare.length);
      // a second verb joined by "and" ("scored 24 points and grabbed 11 rebounds")
      for (let j = i + 1; j < words.length - 1 && j < i + 8; j++) {
        const next = words[j + 1]!.replace(/[,.;:]$/, '');
        if (words[j] === 'and' && /^\p{Ll}+ed$/u.test(next)) {
          const p2 = presentOfPast(next);
          if (p2) words[j + 1] = p2 + words[j + 1]!.slice(next.length);
          break;
        }
      }
      return words.join(' ');
    }
  }
  return words.join(' ');
}
