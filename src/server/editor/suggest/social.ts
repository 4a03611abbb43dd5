import { parseClauses } from './clause';
import { type Draft, type Part, sentenceOf, span } from './compose';
import { factSentences, type Story, type StorySentence } from './facts';

export const SOCIAL_MAX = 280;
/** A hook is a sentence a reader takes in at a glance. */
const HOOK_MAX = 150;

const PRONOUN_START = /^(?:He|She|It|They|His|Her|Its|Their|This|That|These|Those|There)\b/;
const contentWords = (s: string) => new Set((s.toLowerCase().match(/[\p{L}\p{N}$%.,-]{4,}/gu) ?? []).map((w) => w.replace(/[.,]+$/, '')));

/** How much of `b`'s content `a` already says (0 to 1). */
function overlap(a: string, b: string): number {
  const inA = contentWords(a);
  const inB = [...contentWords(b)];
  return inB.length ? inB.filter((w) => inA.has(w)).length / inB.length : 1;
}

/** The key facts after the lead, best first: figures, names, early in the story, not what the hook says. */
function keyFacts(story: Story, lead: StorySentence, hook: string): StorySentence[] {
  return factSentences(story, 6)
    .filter((s) => s !== lead && !PRONOUN_START.test(s.text) && s.text.length <= SOCIAL_MAX - 40 && overlap(hook, s.text) < 0.5)
    .map((s, i) => ({ s, score: (/\d/.test(s.text) ? 2 : 0) + (/\s\p{Lu}\p{Ll}+/u.test(s.text) ? 1 : 0) - i * 0.4 }))
    .sort((a, b) => b.score - a.score)
    .map((x) => x.s);
}

/** A quotation a post can open with: a whole sentence, quote and attribution, not too long. */
function quotes(story: Story): StorySentence[] {
  // attributed by name: "she said" would leave a reader asking who
  return story.sentences.filter(
    (s) =>
      s.quote &&
      s.text.length <= 200 &&
      (/["”’]\s*,?\s*(?:[\p{L}.'’-]+\s+){0,5}\p{Lu}[\p{L}'’-]+\s+(?:said|says)\b/u.test(s.text) ||
        /\b(?:said|says)\s+\p{Lu}[\p{L}'’-]+/u.test(s.text)),
  );
}

/** One hashtag at most, for the story's place: the dateline's city or the lead's county or city. */
function hashtag(story: Story, lead: string): string | null {
  const place = story.dateline?.city ?? /\bin ((?:\p{Lu}\p{Ll}+ ){0,2}(?:County|City|Parish))\b/u.exec(lead)?.[1] ?? null;
  if (!place) return null;
  const tag = place.replace(/[^\p{L}\p{N}]/gu, '');
  return tag.length >= 3 ? `#${tag}` : null;
}

const whole = (s: StorySentence): Part => ({ text: s.text, words: [span(s.start, s.start + s.text.length, s.text)] });

/**
 * Posts that read as posts: a hook sentence (the lead cut to its news) and the key
 * fact behind it, or a quotation and the news; at most one hashtag, on one post.
 * Every sentence is whole, and every fact comes from the copy.
 */
export function socialDrafts(story: Story): Draft[] {
  const sentences = factSentences(story, 6);
  const lead = sentences[0];
  if (!lead) return [];
  const drafts: Draft[] = [];
  const add = (parts: Part[], source: number) => {
    const text = parts.map((p) => p.text).join(' ');
    if (text.length <= SOCIAL_MAX) drafts.push({ text, from: parts.flatMap((p) => p.words), source });
  };
  const tag = hashtag(story, lead.text);
  const said = quotes(story);
  // the lead makes the hook; when the review finds a problem in it, the next facts offer theirs
  for (const s of sentences.slice(0, 3)) {
    // "She and Ortega voted against it" opens nothing: the reader has not met her
    if (s !== lead && PRONOUN_START.test(s.text)) continue;
    const hook = hookOf(story, s);
    if (!hook) continue;
    const [first, second] = keyFacts(story, s, hook.text);
    if (first) add([hook, whole(first)], first.index);
    const q = said.shift();
    if (q) add([whole(q), hook], q.index);
    if (second) add([hook, whole(second), ...(tag ? [{ text: tag, words: [] }] : [])], second.index);
    if (!first) add([hook, ...(tag ? [{ text: tag, words: [] }] : [])], s.index);
  }
  return drafts;
}

/** A sentence cut to its news: its main clause with the phrases that tell most, attributed, or the sentence when it is short. */
function hookOf(story: Story, s: StorySentence): Part | null {
  const clause = parseClauses(s.text, s.start, story.surnames)[0];
  const cut =
    clause && (sentenceOf(clause, story, HOOK_MAX, { keepDates: true }) ?? sentenceOf(clause, story, HOOK_MAX + 60, { keepDates: true }));
  return cut ?? (s.text.length <= HOOK_MAX + 60 ? whole(s) : null);
}
