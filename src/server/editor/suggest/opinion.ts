import { buildDocument } from '../text/document';
import { wordSentiment } from '../text/nlp';
import type { Clause } from './clause';
import { REPORTING } from './compose';
import { tagWords, type Word } from './nlp';

/** Modals that say what ought to be: "should have sought", "must stop". */
const OUGHT = /^(?:should|must|ought|shouldn['’]t|mustn['’]t)$/i;
/** Verbs that put a view in someone's mouth beyond the reporting verbs: "calls the plan reckless", "urges". */
const CREDITING = /^(?:call|urge|describe|criticize|praise|question|defend|accuse)$/i;
const LINKING = /^(?:be|seem|remain|look|sound|appear|become|feel|prove)$/i;
/** How strongly an adjective must praise or condemn to be a judgment rather than a description. */
const EVALUATIVE = 0.3;

/** A quotation of three words or more ("Harold 'Hal' Brenner" quotes a nickname, not a view). */
const QUOTATION = /(?:^|[\s(])(?:["“]|['‘](?=\p{L}))([^"“”]+?)(?:["”]|['’](?=[\s,.;:!?]|$))/u;
const quoted = (text: string) => {
  const m = QUOTATION.exec(text);
  return !!m && m[1]!.trim().split(/\s+/).length >= 3;
};

/**
 * Whether an adjective is said of something: before its noun ("a reckless plan")
 * or after a linking verb ("the plan is reckless"). After another verb it reports
 * a status ("pleaded guilty", "was found dead").
 */
function judges(words: readonly Word[], k: number): boolean {
  const next = words[k + 1];
  if (next && (next.pos === 'NOUN' || (next.pos === 'ADJ' && words[k + 2]?.pos === 'NOUN'))) return true;
  let j = k - 1;
  while (j >= 0 && words[j]!.pos === 'ADV') j--;
  return j >= 0 && LINKING.test(words[j]!.lemma);
}

/** The words that make a sentence someone's view: an "ought" modal, a judging adjective, a quotation. */
export function opinionMarkers(words: readonly Word[], text: string): string[] {
  const out = words
    .filter((w, k) => OUGHT.test(w.text) || (w.pos === 'ADJ' && judges(words, k) && Math.abs(wordSentiment(w.text)) >= EVALUATIVE))
    .map((w) => w.text);
  if (quoted(text)) out.push('a quotation');
  return out;
}

/** Whether the words credit someone with what they say: "says", "told", "according to", "argued". */
export function attributes(words: readonly Word[]): boolean {
  return words.some(
    (w, k) =>
      ((w.pos === 'VERB' || w.pos === 'AUX') && (REPORTING.test(w.lemma.toLowerCase()) || CREDITING.test(w.lemma))) ||
      (/^according$/i.test(w.text) && /^to$/i.test(words[k + 1]?.text ?? '')),
  );
}

/**
 * Whether a clause states an opinion (what should be, a judgment, a quotation),
 * read in what is said, not in who says it ("fair manager Joan Pratt said" judges nothing).
 */
export function isOpinion(clause: Clause): boolean {
  const said = [...clause.subject, ...clause.verb.words, ...clause.segments.flatMap((s) => s.words)];
  return opinionMarkers(said, clause.text).length > 0;
}

/**
 * The sentences of a suggestion that state someone's view as fact: an opinion
 * with no one saying it ("City should have sought grants" rather than
 * "Council member says city should have sought grants").
 */
export function unattributedOpinions(text: string): string[] {
  return sentencesOf(text).filter((s) => {
    const words = tagWords(s);
    return opinionMarkers(words, s).length > 0 && !attributes(words);
  });
}

export const sentencesOf = (text: string) =>
  buildDocument(text)
    .sentences.map((s) => s.text.trim())
    .filter(Boolean);
