import type { Doc } from './document';
import { tokensIn, type Token } from './nlp';

/**
 * Stock phrases by the words' dictionary forms, so "stepped up to the plate",
 * "steps up to the plate" and "stepping up to the plate" are one phrase.
 * In a phrase, POSS stands for any possessive (our, their, its, his, her), DET
 * for any article or determiner and * for any one word; a hyphen is a word of its own.
 */
export const STOCK_PHRASES = {
  corporate: [
    'right - size',
    'rightsize',
    'strategic partnership',
    'strategic alliance',
    'strategic realignment',
    'enter into DET partnership',
    'enter into DET agreement',
    'optimize POSS footprint',
    'optimize POSS * footprint',
    'optimize POSS operations',
    'unlock value',
    'unlock long - term value',
    'unlock shareholder value',
    'deliver value',
    'drive growth',
    'drive innovation',
    'streamline POSS operations',
    'realign POSS workforce',
    'reduction in force',
    'headcount reduction',
    'operational efficiency',
    'value creation',
    'solutions provider',
    'position POSS for growth',
    'best - in - class',
    'world - class',
    'cutting - edge',
    'next - generation',
    'go - to - market',
  ],
  sports: [
    'step up to the plate',
    'give 110 percent',
    'give 110 %',
    'leave it all on the field',
    'leave it all on the court',
    'leave it all on the floor',
    'one game at a time',
    'come out and play hard',
    'come out and play',
    'come out flat',
    'play hard and execute',
    'execute the game plan',
    'bring POSS A game',
    'dig deep',
    'gut check',
    'prove the doubters wrong',
    'silence the critics',
    'rise to the occasion',
    'answer the bell',
    'want it more',
    'control POSS own destiny',
    'a must - win',
    'down to the wire',
    'on any given night',
    'on any given day',
  ],
  police: [
    'exit the vehicle',
    'exit the residence',
    'exit the car',
    'be transport to',
    'male subject',
    'female subject',
    'proceed to flee',
    'apprehend',
    'make contact with the driver',
    'make contact with the suspect',
    'make contact with the occupant',
    'the individual was',
    'proceed to run',
  ],
  cliche: [
    'fly off the shelves',
    'sell like hotcakes',
    'a roller coaster of emotions',
    'rise from the ashes',
    'a new lease on life',
    'the talk of the town',
    'in the nick of time',
    'at the eleventh hour',
    'a stone’s throw',
    "a stone's throw",
    'nestled in',
    'a whirlwind of',
    'bursting at the seams',
    'jam - packed',
    'packed to the rafters',
  ],
  academic: ['remain to be elucidate', 'elucidate', 'hypothesize', 'paucity', 'heretofore', 'aforementioned'],
} as const;
export type StockKind = keyof typeof STOCK_PHRASES;

const POSSESSIVES = new Set(['my', 'our', 'your', 'his', 'her', 'their', 'its']);
const DETERMINERS = new Set(['a', 'an', 'the', 'this', 'that', 'its', 'their', 'our', 'his', 'her', 'new']);
const stem = (w: string) =>
  w
    .toLowerCase()
    .replace(/(?:ing|ed|es|s)$/, '')
    .replace(/e$/, '');

function matches(word: string, t: Token): boolean {
  const text = t.text.toLowerCase();
  if (word === 'POSS') return POSSESSIVES.has(text);
  if (word === 'DET') return DETERMINERS.has(text);
  if (word === '*') return /^\p{L}/u.test(t.text);
  const w = word.toLowerCase();
  return t.lemma === w || text === w || (w.length > 3 && stem(text) === stem(w));
}

interface Compiled {
  kind: StockKind;
  words: string[];
}

/** Phrases by the keys their first word can be met under: its own form and its stem. */
const byFirst = new Map<string, Compiled[]>();
for (const [kind, list] of Object.entries(STOCK_PHRASES) as [StockKind, readonly string[]][])
  for (const phrase of list) {
    const words = phrase.split(' ');
    const first = words[0]!.toLowerCase();
    for (const key of new Set([first, stem(first)])) byFirst.set(key, [...(byFirst.get(key) ?? []), { kind, words }]);
  }

export interface StockHit {
  start: number;
  end: number;
  kind: StockKind;
}

/** Stock phrases of the given kinds in [start, end), longest first, none overlapping. */
export function findStockPhrases(doc: Doc, kinds: readonly StockKind[], start = 0, end = doc.text.length): StockHit[] {
  const toks = tokensIn(doc, start, end);
  const wanted = new Set(kinds);
  const out: StockHit[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const text = t.text.toLowerCase();
    const candidates = new Set([...(byFirst.get(t.lemma) ?? []), ...(byFirst.get(text) ?? []), ...(byFirst.get(stem(text)) ?? [])]);
    let best: StockHit | null = null;
    for (const { kind, words } of candidates) {
      if (!wanted.has(kind) || i + words.length > toks.length) continue;
      if (!words.every((w, k) => matches(w, toks[i + k]!))) continue;
      const last = toks[i + words.length - 1]!;
      if (!best || last.end > best.end) best = { start: t.start, end: last.end, kind };
    }
    if (best) {
      out.push(best);
      while (i + 1 < toks.length && toks[i + 1]!.start < best.end) i++;
    }
  }
  return out;
}
