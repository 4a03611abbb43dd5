import type { Doc, Sentence } from '../../text/document';
import { tokensIn } from '../../text/nlp';
import { defineRule, type Hit } from '../rule';

interface Tally {
  start: number;
  end: number;
  yes: number;
  no: number;
  sentence: Sentence;
}

/** Nouns every sentence of a vote story shares: they cannot tell one vote from another. */
const GENERIC = new Set(['vote', 'council', 'board', 'member', 'commission', 'commissioner', 'committee', 'meeting', 'motion', 'night']);

function topics(doc: Doc, s: Sentence): Set<string> {
  return new Set(
    tokensIn(doc, s.start, s.end)
      .filter((t) => (t.pos === 'NOUN' || t.pos === 'PROPN') && !GENERIC.has(t.lemma) && !doc.inQuote(t.start))
      .map((t) => t.lemma),
  );
}

/** Words of a sentence that reports a vote: "voted 5-2", "was approved 4-1", "ruled 5-2". */
const DECIDES = new Set(['vote', 'voting', 'approve', 'pass', 'reject', 'adopt', 'deny', 'ratify', 'confirm', 'uphold', 'rule']);

/** Tallies of a vote: "5-2" in a sentence about voting (a score is not a tally). */
function tallies(doc: Doc): Tally[] {
  const out: Tally[] = [];
  for (const m of doc.text.matchAll(/(?<![\p{L}\p{N}$.-])(\d{1,2})-(\d{1,2})(?:-\d{1,2})?(?![\p{L}\p{N}%-])/gu)) {
    const sentence = doc.sentenceAt(m.index);
    if (!sentence) continue;
    if (!tokensIn(doc, sentence.start, sentence.end).some((t) => DECIDES.has(t.lemma))) continue;
    const [yes, no] = [Number(m[1]), Number(m[2])];
    if (yes < no) continue;
    out.push({ start: m.index, end: m.index + m[0].length, yes, no, sentence });
  }
  return out;
}

/** The one tally a remark about a vote refers to: in its sentence, or the only one on the same subject. */
function tallyFor(doc: Doc, at: number, all: readonly Tally[]): Tally | null {
  const sentence = doc.sentenceAt(at);
  if (!sentence) return null;
  const here = all.filter((t) => t.sentence === sentence);
  if (here.length) return here.length === 1 ? here[0]! : null;
  const mine = topics(doc, sentence);
  // "The vote was unanimous." names no subject of its own: it can only mean the story's one tally
  const related = mine.size ? all.filter((t) => [...topics(doc, t.sentence)].some((w) => mine.has(w))) : all;
  const distinct = new Set(related.map((t) => `${t.yes}-${t.no}`));
  if (distinct.size === 1) return related[0]!;
  // "cast the deciding vote" next to the story's one tally means that vote; "unanimously approved X" may be another
  if (!/\bthe\s+$/i.test(doc.text.slice(Math.max(0, at - 4), at))) return null;
  const next = all.filter((t) => Math.abs(t.sentence.index - sentence.index) === 1);
  return new Set(all.map((t) => `${t.yes}-${t.no}`)).size === 1 && next.length ? next[0]! : null;
}

const negated = (doc: Doc, at: number) =>
  /\b(?:not|n[’']t|never|far from|less than)\s+(?:\w+\s+)?$/i.test(doc.text.slice(Math.max(0, at - 20), at));

const UNANIMOUS = /\bunanimous(?:ly)?\b/gi;
const DECIDING = /\b(?:(deciding|decisive|swing|casting)|(tie-?breaking))\s+vote\b|\bbr(?:oke|eak|eaks)\s+(?:a|the)\s+(tie)\b/gi;

function pair(a: { start: number; end: number }, b: { start: number; end: number }) {
  return a.start > b.start ? { odd: a, other: b } : { odd: b, other: a };
}

/** A tally the story backs with its dissent ("6-1, with Whitcombe casting the lone no vote") is the end to trust. */
const DISSENT =
  /\b(?:lone|sole|only)\s+(?:no\s+|dissenting\s+|opposing\s+)?(?:vote|dissent|holdout)|\bvot(?:ed|ing)\s+(?:against|no)\b|\bdissent(?:ed|ing)?\b/i;
const backed = (doc: Doc, t: Tally) => DISSENT.test(doc.outsideQuotes.slice(t.sentence.start, t.sentence.end));

/** Words that turn to another item of business: "also", "earlier", "separately". */
const ANOTHER = /\b(?:also|another|separately|earlier|later|other|second|next)\b/i;

/**
 * "The council voted unanimously Monday to ban X." then "The ordinance passed 6-1":
 * a sentence just after a remark, opening on a word that points back, reports the same vote.
 */
function followingTally(doc: Doc, at: number, all: readonly Tally[]): Tally | null {
  const sentence = doc.sentenceAt(at);
  if (!sentence || ANOTHER.test(doc.outsideQuotes.slice(sentence.start, sentence.end))) return null;
  const near = all.filter((t) => t.sentence.index > sentence.index && t.sentence.index - sentence.index <= 2);
  const first = near[0];
  if (!first || near.some((t) => t.sentence !== first.sentence)) return null;
  if (all.some((t) => t.sentence.index < first.sentence.index && t.sentence.index >= sentence.index)) return null;
  const text = doc.outsideQuotes.slice(first.sentence.start, first.sentence.end);
  if (!/^\s*(?:The|This|That|Its?)\b/.test(text) || ANOTHER.test(text)) return null;
  return near.length === 1 ? first : null;
}

export const voteTallies = defineRule({
  id: 'consistency/vote-tally',
  category: 'consistency',
  explanation:
    'A vote with dissenters is not unanimous, and one vote decides only a close vote: a tie breaker needs a one-vote margin, a deciding or swing vote at most two.',
  autoFix: false,
  check(doc) {
    const all = tallies(doc);
    if (!all.length) return [];
    const hits: Hit[] = [];
    const tell = (word: { start: number; end: number }, tally: Tally, why: string, trusted = false) => {
      const { odd, other } = trusted ? { odd: word, other: tally } : pair(word, tally);
      hits.push({
        start: odd.start,
        end: odd.end,
        message: `“${doc.text.slice(word.start, word.end)}” and a ${tally.yes}-${tally.no} vote cannot both be right: ${why}.`,
        related: { start: other.start, end: other.end },
      });
    };
    // "The 6-1 vote" names the story's vote: the one its first sentence about a vote reports
    const leadVote = doc.sentences.find((s) => tokensIn(doc, s.start, s.end).some((t) => t.lemma === 'vote'));
    const backReference = (at: number) => {
      if (doc.sentenceAt(at) !== leadVote) return null;
      const later = all.filter((t) => t.start > at && /\bthe\s+$/i.test(doc.text.slice(Math.max(0, t.start - 4), t.start)));
      return new Set(later.map((t) => `${t.yes}-${t.no}`)).size === 1 ? later[0]! : null;
    };
    for (const m of doc.text.matchAll(UNANIMOUS)) {
      if (negated(doc, m.index)) continue;
      const tally = tallyFor(doc, m.index, all) ?? backReference(m.index) ?? followingTally(doc, m.index, all);
      if (tally && tally.no > 0) tell({ start: m.index, end: m.index + m[0].length }, tally, `${tally.no} voted no`, backed(doc, tally));
    }
    for (const m of doc.text.matchAll(DECIDING)) {
      if (negated(doc, m.index)) continue;
      const tally = tallyFor(doc, m.index, all);
      if (!tally) continue;
      const margin = tally.yes - tally.no;
      const tie = Boolean(m[2] || m[3]);
      if (tie ? margin !== 1 && margin !== 0 : margin > 2)
        tell(
          { start: m.index, end: m.index + m[0].length },
          tally,
          tie ? 'it was not a tie for one vote to break' : `one vote the other way still leaves it ${tally.yes - 1}-${tally.no + 1}`,
        );
    }
    return hits;
  },
});
