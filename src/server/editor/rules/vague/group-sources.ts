import type { Doc } from '../../text/document';
import { tokens, type Token } from '../../text/nlp';

/** Verbs that attribute a claim, by lemma: "say", "have said", "argues", "told reporters". */
export const SAY_LEMMAS = new Set(
  'say tell believe argue contend claim warn agree suggest fear worry note think expect predict estimate insist complain maintain allege charge acknowledge concede speculate question doubt'.split(
    ' ',
  ),
);
/** Plural nouns for people who speak as a crowd; naming none of them leaves a claim nobody can check. */
const GROUPS = new Set(
  'parent resident neighbor neighbour analyst expert critic commuter agent principal teacher observer source insider people person commissioner member economist scientist researcher doctor nurse student employee worker owner customer leader advocate opponent supporter skeptic sceptic investor trader local homeowner landlord tenant voter fan player coach historian lawmaker legislator activist environmentalist witness shopkeeper business merchant official staffer administrator industry community family rider patient user driver citizen taxpayer folk watcher commentator pundit onlooker bystander other some many several'.split(
    ' ',
  ),
);
const QUANTIFIERS =
  /^(?:some|many|several|most|few|other|others|various|numerous|countless|a\s+few|quite\s+a\s+few|a\s+number\s+of|a\s+lot\s+of|plenty\s+of|a\s+handful\s+of|lots\s+of)$/i;
/** Groups that are a named institution's voice, not an anonymous crowd, unless a quantifier makes them one ("some officials"). */
const INSTITUTIONAL = new Set(['official', 'staffer', 'administrator', 'police']);

export interface GroupClaim {
  start: number;
  end: number;
  text: string;
}

/**
 * Claims whose speaker is an unnamed group: the subject of an attribution verb is
 * a plural of people with no proper name in it ("Real estate agents say", "Some
 * in the neighborhood have said", "some residents argue").
 */
export function groupClaims(doc: Doc): GroupClaim[] {
  return doc.memo('group-claims', () => {
    const all = tokens(doc);
    const out: GroupClaim[] = [];
    for (let i = 0; i < all.length; i++) {
      const verb = all[i]!;
      // the tagger reads "say" after a plural noun as a noun now and then ("a change riders say will")
      const sayAsNoun = verb.pos === 'NOUN' && /^say$/i.test(verb.text) && all[i - 1]?.pos === 'NOUN' && /s$/i.test(all[i - 1]!.text);
      if ((verb.pos !== 'VERB' && !sayAsNoun) || !SAY_LEMMAS.has(verb.lemma) || doc.inQuote(verb.start)) continue;
      const sentence = doc.sentenceAt(verb.start);
      if (!sentence) continue;
      // walk back over auxiliaries and adverbs ("have long said", "also say")
      let j = i - 1;
      while (j >= 0 && all[j]!.start >= sentence.start && (all[j]!.pos === 'AUX' || all[j]!.pos === 'ADV' || all[j]!.pos === 'PART')) j--;
      if (j < 0 || all[j]!.start < sentence.start) continue;
      // the subject runs back to the clause's start: a comma, a conjunction or the sentence's start
      const clause: Token[] = [];
      for (let k = j; k >= 0 && all[k]!.start >= sentence.start && clause.length < 15; k--) {
        const t = all[k]!;
        if (t.pos === 'PUNCT' || t.pos === 'CCONJ' || t.pos === 'SCONJ' || /^(?:said|says)$/i.test(t.text)) break;
        clause.unshift(t);
      }
      if (!clause.length || clause.length >= 15) continue;
      // "Commuters who rely on the early boats say": the speaker comes before the relative clause
      const rel = clause.findIndex((t) => /^(?:who|that)$/i.test(t.text));
      const subject = rel > 0 ? clause.slice(0, rel) : clause;
      if (rel < 0 && clause.some((t) => t.pos === 'VERB')) continue;
      // a tagger reads a sentence's capitalised first word as a name ("Neighbors told reporters")
      for (const t of clause)
        if (t.pos === 'PROPN' && doc.startsSentence(t.start) && GROUPS.has(singular(t.text.toLowerCase())))
          Object.assign(t, { pos: 'NOUN', lemma: singular(t.text.toLowerCase()) });
      // a name after "in" is a place ("some folks in the Hillcrest neighborhood"); after "at" it is an employer that names them
      const firstAdp = clause.findIndex((t) => t.pos === 'ADP' && /^(?:in|near|around|across|outside|throughout)$/i.test(t.text));
      if (
        clause.some(
          (t, k) =>
            t.pos === 'PROPN' && !(firstAdp >= 0 && k > firstAdp) && !(doc.startsSentence(t.start) && clause.length > 1 && isPlace(t)),
        )
      )
        continue;
      if (subject.some((t) => t.pos === 'PRON' && !/^(?:some|many|others|several|most)$/i.test(t.text))) continue;
      const phrase = doc.text.slice(subject[0]!.start, subject[subject.length - 1]!.end);
      const adp = subject.findIndex((t) => t.pos === 'ADP');
      const core = adp >= 0 ? subject.slice(0, adp) : subject;
      // the speakers are the plural noun, not a place after it: "Business owners downtown worry"
      const nouns = [...core].reverse().filter((t) => t.pos === 'NOUN');
      const head =
        nouns.find((t) => t.text.toLowerCase() !== t.lemma && GROUPS.has(t.lemma)) ??
        nouns[0] ??
        core.find((t) => /^(?:some|many|others|several|most)$/i.test(t.text));
      if (!head) continue;
      const lemma = head.lemma.replace(/s$/, '');
      const quantified =
        QUANTIFIERS.test(doc.text.slice(subject[0]!.start, head.start).trim()) || /^(?:some|many|others|several)$/i.test(head.text);
      const plural =
        head.text.toLowerCase() !== head.lemma || /s$/i.test(head.text) || /^(?:people|police|others|some|many|several)$/i.test(head.text);
      if (!plural || !(GROUPS.has(head.lemma) || GROUPS.has(lemma))) continue;
      if ((INSTITUTIONAL.has(head.lemma) || INSTITUTIONAL.has(lemma)) && !quantified) continue;
      if (core.some((t) => /^(?:the|these|those|both|its|their|his|her|our)$/i.test(t.text)) && !quantified) continue;
      out.push({ start: subject[0]!.start, end: verb.end, text: phrase });
    }
    return out;
  });
}

const singular = (w: string) => (w === 'people' ? 'people' : w.replace(/(?<=[^s])s$/, ''));

/** A sentence-opening proper noun used as a modifier is a place ("Harmon residents"), not a speaker. */
function isPlace(t: Token): boolean {
  return /^\p{Lu}\p{Ll}+$/u.test(t.text);
}
