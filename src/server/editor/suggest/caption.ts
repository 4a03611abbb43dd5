import { escapeRegExp } from '../text/words';
import { parseClauses, type Clause } from './clause';
import { accuses, type Draft, type Part, sentenceOf, span } from './compose';
import { factSentences, type Story, type StorySentence } from './facts';
import { isOpinion } from './opinion';
import { AP_STATES } from './style';
import { textIs, verbForm } from './verbs';

const FIRST_MAX = 150;
/** A caption is two sentences a reader takes in under a photo. */
const CAPTION_MAX = 300;
const STATE_NAMES = new Map(Object.entries(AP_STATES).map(([name, abbr]) => [abbr, name]));
const PRONOUN_START = /^(?:He|She|It|They|This|That|There|His|Her|Its|Their)\b/;
/** A place already in the sentence: "in Kenosha", "at City Hall", "at a hospice" ("on Wednesday" is a day). */
const HAS_PLACE =
  /\b(?:in|at|near|outside|on)\s+(?:(?:the|a|an|his|her|their|its)\s+)?(?:(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Aug|Sept|Oct|Nov|Dec)\b)\p{Lu}|home\b|hospital\b|hospice\b|court\b)/u;

/** "Kenosha, Wisconsin": the dateline's place, its state spelled out as body text does. */
function datelinePlace(story: Story): string | null {
  const d = story.dateline;
  if (!d) return null;
  const state = d.state ? (STATE_NAMES.get(d.state) ?? d.state) : null;
  return state ? `${d.city}, ${state}` : d.city;
}

const whole = (s: StorySentence): Part => ({ text: s.text, words: [span(s.start, s.start + s.text.length, s.text)] });

/** Whether a clause tells of the past: a caption's second sentence is in the past tense. */
const past = (c: Clause | undefined) =>
  !!c && (c.verb.kind === 'active' || c.verb.kind === 'passive') && verbForm(c.verb.words[0]!) === 'past';

/**
 * The first sentence: who does what, in the present tense, and where. The place
 * is the sentence's own; the dateline's only when the sentence names none (so a
 * place is never hung on a phrase it does not belong to).
 */
function presentSentence(clause: Clause, story: Story, lead: boolean, keepDates = false): Part | null {
  // a view keeps whose it is; a fact does not need "police said" under a photo
  const now = sentenceOf(clause, story, FIRST_MAX, { tense: 'present', attributed: isOpinion(clause), keepDates });
  if (!now) return null;
  const place = datelinePlace(story);
  // the dateline is the lead's place; a later fact may have happened anywhere
  if (!lead || !place || HAS_PLACE.test(now.text) || place.split(', ').some((p) => now.text.includes(p))) return now;
  // after a clause ("… after the company cut its forecast") a place would attach to the clause: it goes first
  if (CLAUSE_WORD.test(now.text)) {
    const first = now.text.split(' ')[0]!;
    // a name keeps its capital; "Shares" or "The" at the sentence's start do not
    const proper = new RegExp(`[\\p{Ll},] ${escapeRegExp(first)}\\b`, 'u').test(story.text) || /^\d/.test(first);
    const rest = proper ? now.text : now.text.replace(/^\p{Lu}/u, (c) => c.toLowerCase());
    return { ...now, text: `In ${place}, ${rest}` };
  }
  return { ...now, text: `${now.text.slice(0, -1)} in ${place}.` };
}

const CLAUSE_WORD = /\b(?:after|before|because|as|while|when|since|until|that|which|who|whose|where|and|but|to)\b/;

/** Background: a fact dated by a past year ("was born in 1936") is no caption's present tense. */
const isBackground = (c: Clause) =>
  past(c) &&
  c.segments.some((seg) => seg.kind === 'pp' && textIs(seg.words[0], 'in') && seg.words.some((w) => /^(?:1[89]|20)\d\d$/.test(w.text)));

/**
 * Captions in AP style: a first sentence in the present tense naming who does
 * what and where, then a later sentence of the copy: one that says when, or the
 * fact behind the news (the first sentence then keeps the news's own day). The
 * news is never told twice, once in each tense.
 */
export function captionDrafts(story: Story): Draft[] {
  const sentences = factSentences(story, 5);
  const drafts: Draft[] = [];
  // a story with nothing to add to its news gets a caption of one sentence, the news with its day
  let alone: Draft | null = null;
  for (const s of sentences.slice(0, 3)) {
    if (PRONOUN_START.test(s.text)) continue;
    const clause = parseClauses(s.text, s.start, story.surnames)[0];
    // an accusation in the present tense would state it as fact
    if (!clause || accuses(clause) || isBackground(clause)) continue;
    const first = presentSentence(clause, story, s === sentences[0]);
    if (!first) continue;
    const room = CAPTION_MAX - first.text.length - 1;
    const later = sentences.filter(
      (b) => b.index > s.index && !PRONOUN_START.test(b.text) && !/^[^,]{1,30}:/.test(b.text) && b.text.length <= room,
    );
    const dated = later.find((b) => {
      const c = parseClauses(b.text, b.start, story.surnames)[0];
      return c?.when && past(c);
    });
    if (dated) drafts.push({ text: `${first.text} ${dated.text}`, from: [...first.words, ...whole(dated).words], source: s.index });
    const behind = later.find((b) => b !== dated);
    if (!behind) {
      const withDay = clause.when ? presentSentence(clause, story, s === sentences[0], true) : null;
      alone ??= withDay && { text: withDay.text, from: withDay.words, source: s.index };
      continue;
    }
    // with no later sentence to say when, the news says its own day ("votes 5-2 Monday night"), not a second time in the past
    const withDay = !dated && clause.when ? presentSentence(clause, story, s === sentences[0], true) : null;
    const opening = withDay && withDay.text.length + behind.text.length < CAPTION_MAX ? withDay : first;
    drafts.push({
      text: `${opening.text} ${behind.text}`,
      from: [...opening.words, ...whole(behind).words],
      source: behind.index,
    });
  }
  return drafts.length || !alone ? drafts : [alone];
}
