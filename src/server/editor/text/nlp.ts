import winkNLP, { type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import type { Doc } from './document';

/** One word or mark with its part of speech and lemma (wink-nlp's Universal Dependencies tags). */
export interface Token {
  start: number;
  end: number;
  text: string;
  pos: string;
  lemma: string;
}

let nlp: WinkMethods | null = null;
// loading the model takes ~50 ms once per process, so it waits for the first analysis
const engine = () => (nlp ??= winkNLP(model, ['sbd', 'pos']));

/** The copy's tokens with their offsets, computed once per document (about 3 ms per 1,000 words). */
export function tokens(doc: Doc): Token[] {
  return doc.memo('nlp-tokens', () => {
    const w = engine();
    const its = w.its;
    const out: Token[] = [];
    let cursor = 0;
    // whole columns at once: reading each token's fields one by one costs as much as the tagging
    const list = w.readDoc(doc.text).tokens();
    const values = list.out() as string[];
    const tags = list.out(its.pos) as string[];
    const lemmas = list.out(its.lemma as ItsFunction<string>) as string[];
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      const at = doc.text.indexOf(value, cursor);
      if (at < 0 || at - cursor > 40) continue;
      cursor = at + value.length;
      out.push({ start: at, end: cursor, text: value, pos: tags[i]!, lemma: String(lemmas[i]).toLowerCase() });
    }
    return out;
  });
}

/** Tokens whose start falls in [start, end). */
export function tokensIn(doc: Doc, start: number, end: number): Token[] {
  const all = tokens(doc);
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid]!.start < start) lo = mid + 1;
    else hi = mid;
  }
  const out: Token[] = [];
  for (let i = lo; i < all.length && all[i]!.start < end; i++) out.push(all[i]!);
  return out;
}

/** Whether the span names a person or an organisation: a proper noun that does not merely open the sentence. */
export function namesSomeone(doc: Doc, start: number, end: number): boolean {
  return tokensIn(doc, start, end).some((t) => t.pos === 'PROPN' && !doc.startsSentence(t.start) && /^\p{Lu}/u.test(t.text));
}

let feeling: WinkMethods | null = null;
const feelings = new Map<string, number>();

/**
 * How much a word on its own praises or condemns (wink-nlp's sentiment, -1 to 1;
 * 0 for a neutral word): "reckless" and "excellent" judge, "temporary" does not.
 */
export function wordSentiment(word: string): number {
  const key = word.toLowerCase();
  let score = feelings.get(key);
  if (score === undefined) {
    // its own small pipeline, so the analysis's tagging does not pay for sentiment
    feeling ??= winkNLP(model, ['sentiment']);
    score = Number(feeling.readDoc(key).out(feeling.its.sentiment)) || 0;
    feelings.set(key, score);
  }
  return score;
}
