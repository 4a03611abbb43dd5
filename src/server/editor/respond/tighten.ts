import { analyze } from '../analyze';
import { rewrite } from '../rewrite';
import { buildDocument, type Doc, type Sentence } from '../text/document';
import { countWords, escapeRegExp } from '../text/words';
import type { Edit, Finding } from '../types';
import type { WordTarget } from './intent';
import { personNames } from './names';

/** How close to the target counts as reaching it: within 10%. */
export const TARGET_TOLERANCE = 0.1;

export interface Cut {
  /** The sentences cut, as they stood in the copy. */
  text: string;
  words: number;
  /** A quote the review flags as weak (empty, logistics, unattributed): the only kind a cut may take. */
  weakQuote: boolean;
}

export interface Tightened {
  status: 'already' | 'done' | 'short' | 'cannot';
  target: WordTarget;
  before: number;
  after: number;
  text: string;
  cuts: Cut[];
  /** Shorter wording from the engine's safe fixes, in the kept copy. */
  edits: Edit[];
  /** What no cut may touch: the lede and the quotes kept word for word. */
  kept: { lede: number; quotes: number };
}

/** A sentence, or sentences bound together by one quotation, that is cut whole or not at all. */
interface Unit {
  sentences: Sentence[];
  start: number;
  end: number;
  words: number;
  /** Words after the engine's safe, shorter wording. */
  compressed: number;
  lede: boolean;
  quote: boolean;
  weakQuote: boolean;
  score: number;
  /** Units that make no sense without this one (a later "Haines said" needs "Derek Haines"). */
  neededBy: Set<Unit>;
  /** Opens with "He" or "Their": some kept sentence before it must name a person. */
  needsPerson: boolean;
  namesPerson: boolean;
}

/** The other side's answer, or the note that they gave none: a fair story keeps it. */
const RESPONSE =
  /\b(did not (?:immediately )?(?:return|respond)|declined to (?:comment|discuss|say)|could not be reached|(?:was|were) not available|(?:attorney|lawyer|defense|representative)\b[^.]{0,60}\b(?:said|says|denied|disputed)|denied|denies|disputed|disputes|in a statement|responded|defended|pleaded not guilty)\b/i;
const CASE_STATUS =
  /\b(charged|indicted|pleaded|convicted|acquitted|sentenced|faces up to|bond|bail|hearing|arraign\w*|trial|verdict|ruled|ruling|settle\w*)\b/i;
/** Openers that lean on the sentence just before ("But", "This", "The move"). */
const LEANS_ON_PREVIOUS =
  /^(?:it|its|this|that|these|those|such|also|but|however|still|instead|meanwhile|then|there|the (?:same|move|decision|change|plan|proposal|measure|incident|case|two|three))\b/i;
/** Openers that need someone named before them, wherever that is ("His attorney…"). */
const LEANS_ON_PERSON = /^(?:he|she|his|her|him|they|their|them)\b/i;
const PERSON =
  /\b(man|woman|boy|girl|teen(?:ager)?|child|victim|suspect|driver|officer|resident|student|teacher|owner|worker|patient|defendant)s?\b/i;

/** Surnames of the people a stretch of copy names in full ("Police Chief Ana Ruiz" → "Ruiz"). */
const fullNames = (text: string) => personNames(text).map((p) => p.surname);

function isQuoteFinding(f: Finding, doc: Doc): boolean {
  return f.category === 'quote' && doc.inQuote(f.start, f.end);
}

/** The copy's sentences as cuttable units with their importance: high for the lede and facts, lower down the story. */
function units(doc: Doc, findings: readonly Finding[], savings: (start: number, end: number) => number): Unit[] {
  const sentences = doc.sentences;
  if (!sentences.length) return [];
  const groups: Sentence[][] = [];
  for (const s of sentences) {
    const last = groups[groups.length - 1];
    const prev = last?.[last.length - 1];
    // a quotation that runs over several sentences is cut whole or kept whole
    const sameQuote = prev && doc.quotes.some((q) => q.start < s.start && q.end > prev.start && q.contentEnd > s.start);
    if (last && sameQuote) last.push(s);
    else groups.push([s]);
  }
  const paragraphs = sentences[sentences.length - 1]!.paragraph + 1;
  const firstParagraph = sentences.filter((s) => s.paragraph === sentences[0]!.paragraph);
  const ledeEnd = (
    firstParagraph.length <= 2 && countWords(firstParagraph.map((s) => s.text).join(' ')) <= 60 ? firstParagraph : [sentences[0]!]
  ).at(-1)!.end;
  const list: Unit[] = groups.map((g) => {
    const start = g[0]!.start;
    const end = g[g.length - 1]!.end;
    const text = doc.text.slice(start, end);
    const words = countWords(text);
    const quote = doc.quotes.some((q) => q.contentStart < end && q.contentEnd > start);
    const flagged = findings.filter((f) => f.start < end && f.end > start);
    const paragraph = g[0]!.paragraph;
    const indexInParagraph = sentences.filter((s) => s.paragraph === paragraph && s.start < start).length;
    let score = 1 - paragraph / paragraphs - 0.05 * indexInParagraph;
    if (RESPONSE.test(text)) score += 0.6;
    if (CASE_STATUS.test(text)) score += 0.2;
    if (/\d/.test(text)) score += 0.1;
    if (fullNames(text).length) score += 0.05;
    if (flagged.some((f) => f.category === 'vague' || f.category === 'context')) score -= 0.15;
    // the review already says to paraphrase or cut an empty, logistics or unattributed quote
    const weakQuote = quote && flagged.some((f) => isQuoteFinding(f, doc));
    if (weakQuote) score -= 0.3;
    return {
      sentences: g,
      start,
      end,
      words,
      compressed: Math.max(1, words - savings(start, end)),
      lede: start < ledeEnd,
      quote,
      weakQuote,
      score,
      neededBy: new Set<Unit>(),
      needsPerson: false,
      namesPerson: fullNames(text).length > 0 || PERSON.test(text),
    };
  });
  // who a later sentence names by surname, and what a sentence opening with "He" or "But" leans on
  const introduced = new Map<string, Unit>();
  for (const [i, u] of list.entries()) {
    const text = doc.text.slice(u.start, u.end);
    for (const [surname, intro] of introduced)
      if (intro !== u && new RegExp(`\\b${escapeRegExp(surname)}\\b`).test(text)) intro.neededBy.add(u);
    for (const surname of fullNames(text)) if (!introduced.has(surname)) introduced.set(surname, u);
    const prev = list[i - 1];
    // a quotation's "It" or "He" belongs to the speaker, not to the sentence before
    const firstWords = doc.text.slice(u.start, u.end).replace(/^[^\p{L}]+/u, '');
    const opensWithQuote = doc.inQuote(u.start, u.start + 2);
    if (prev && !opensWithQuote && LEANS_ON_PREVIOUS.test(firstWords)) prev.neededBy.add(u);
    if (!opensWithQuote && LEANS_ON_PERSON.test(firstWords)) u.needsPerson = true;
    // a quote with no attribution of its own continues the speaker named just before
    if (prev && u.quote && !/\b(said|says|told|asked|added|according to)\b/i.test(doc.outsideQuotes.slice(u.start, u.end)))
      prev.neededBy.add(u);
  }
  return list;
}

/** Words the engine's safe fixes save inside [start, end). */
function savingsFrom(edits: readonly Edit[]) {
  return (start: number, end: number) =>
    edits.filter((e) => e.start >= start && e.end <= end).reduce((n, e) => n + countWords(e.before) - countWords(e.after), 0);
}

/** The copy without the cut units; the spacing between sentences that stay neighbours is the copy's own. */
function without(text: string, all: readonly Unit[], cut: ReadonlySet<Unit>): string {
  let out = '';
  let prev: Unit | null = null;
  for (const [i, u] of all.entries()) {
    if (cut.has(u)) continue;
    if (prev) {
      const gap = text.slice(all[i - 1]!.end, u.start);
      const newParagraph = u.sentences[0]!.paragraph !== prev.sentences.at(-1)!.paragraph;
      if (all[i - 1] === prev) out += gap;
      else if (newParagraph) out += /\n/.test(gap) ? gap : '\n\n';
      else out += ' ';
    }
    out += text.slice(u.start, u.end);
    prev = u;
  }
  return out;
}

function withinTarget(words: number, target: WordTarget): boolean {
  const hi = target.mode === 'max' ? target.words : Math.floor(target.words * (1 + TARGET_TOLERANCE));
  return words <= hi && words >= Math.ceil(target.words * (1 - TARGET_TOLERANCE));
}

/**
 * Cuts copy to a word target the way a desk does: shorter wording first (the
 * engine's safe fixes), then whole sentences from the bottom up, least news
 * first. The lede's facts and every quote's words stay; only a quote the
 * review flags as weak (it says to paraphrase or cut it) may go, whole. When the lede and the quotes
 * alone are longer than the target, it says so and gives the shortest version
 * that keeps them.
 */
export async function tighten(text: string, target: WordTarget, options: { waitForGrammar?: boolean } = {}): Promise<Tightened> {
  const before = countWords(text);
  const empty = { lede: 0, quotes: 0 };
  if (before <= target.words) return { status: 'already', target, before, after: before, text, cuts: [], edits: [], kept: empty };
  const wait = options.waitForGrammar;
  const [analysis, shorter] = await Promise.all([
    analyze(text, { waitForGrammar: wait }),
    rewrite(text, 'concise', { waitForGrammar: wait }),
  ]);
  const doc = buildDocument(text);
  const all = units(doc, analysis.findings, savingsFrom(shorter.edits));
  const lo = Math.ceil(target.words * (1 - TARGET_TOLERANCE));
  const hi = target.mode === 'max' ? target.words : Math.floor(target.words * (1 + TARGET_TOLERANCE));
  const cut = new Set<Unit>();
  /** What the wording fixes really save differs a little from the estimate: measured after each draft. */
  let bias = 0;
  const estimate = () => all.filter((u) => !cut.has(u)).reduce((n, u) => n + u.compressed, 0) + bias;
  /** Whether every kept "He…" sentence still has someone named before it once `gone` is cut. */
  const personsStayNamed = (gone: Unit) =>
    all.every(
      (b, i) => cut.has(b) || b === gone || !b.needsPerson || all.slice(0, i).some((c) => c !== gone && !cut.has(c) && c.namesPerson),
    );
  const cuttable = (u: Unit) =>
    !cut.has(u) && !u.lede && (!u.quote || u.weakQuote) && [...u.neededBy].every((d) => cut.has(d)) && personsStayNamed(u);
  const restorable = (u: Unit) => cut.has(u) && all.every((p) => !p.neededBy.has(u) || !cut.has(p));

  const plan = () => {
    // least news first, from the bottom up
    while (estimate() > target.words) {
      const next = all.filter(cuttable).sort((a, b) => a.score - b.score || b.start - a.start)[0];
      if (!next) break;
      cut.add(next);
    }
    // a whole-sentence cut can overshoot: put back the most important cut sentences that still fit
    let restored = true;
    while (restored && estimate() < lo) {
      restored = false;
      const back = [...cut]
        .filter((u) => restorable(u) && estimate() + u.compressed <= hi)
        .sort((a, b) => b.score - a.score || a.start - b.start)[0];
      if (back) {
        cut.delete(back);
        restored = true;
      }
    }
  };

  let result = shorter;
  for (let pass = 0; pass < 4; pass++) {
    plan();
    if (!cut.size) break;
    result = await rewrite(without(text, all, cut), 'concise', { waitForGrammar: wait });
    const words = countWords(result.text);
    const off = words - estimate();
    if (off === 0 || withinTarget(words, target) || words < lo) break;
    bias += off;
  }

  const after = countWords(result.text);
  const lede = all.filter((u) => u.lede).reduce((n, u) => n + u.words, 0);
  const quotes = all.filter((u) => u.quote && !u.lede && !cut.has(u)).reduce((n, u) => n + u.words, 0);
  const status = withinTarget(after, target) ? 'done' : after > target.words ? 'cannot' : 'short';
  const cuts = all
    .filter((u) => cut.has(u))
    .map((u) => ({ text: doc.text.slice(u.start, u.end), words: u.words, weakQuote: u.quote && u.weakQuote }));
  return { status, target, before, after, text: result.text, cuts, edits: result.edits, kept: { lede, quotes } };
}
