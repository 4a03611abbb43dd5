import { tokens } from '../../text/nlp';
import { matchCase } from '../../text/words';
import { defineRule, scan, wordRegex } from '../rule';
import type { Hit } from '../rule';

const SINGULAR_VERBS =
  'is|was|has|shows|says|remains|suggests|indicates|finds|reveals|appears|seems|makes|needs|includes|contains|costs|comes|goes|does|gets|takes|gives|means|looks|stands|runs|leads|points|depends|helps|lists|estimates|predicts|concludes|puts|raises|reaches|requires|affects|varies|belongs|lives|works|plans|wants';
const PLURAL_VERBS =
  'are|were|have|show|say|remain|suggest|indicate|find|reveal|appear|seem|make|need|include|contain|cost|do|mean|look|vary|require';

const TO_PLURAL: Record<string, string> = { is: 'are', was: 'were', has: 'have', does: 'do', goes: 'go', varies: 'vary' };
const TO_SINGULAR: Record<string, string> = { are: 'is', were: 'was', have: 'has', do: 'does', vary: 'varies' };

export function pluralVerb(v: string): string {
  const l = v.toLowerCase();
  if (TO_PLURAL[l]) return matchCase(v, TO_PLURAL[l]!);
  if (/(ches|shes|sses|xes)$/.test(l)) return v.slice(0, -2);
  return v.slice(0, -1);
}
export function singularVerb(v: string): string {
  const l = v.toLowerCase();
  if (TO_SINGULAR[l]) return matchCase(v, TO_SINGULAR[l]!);
  if (/(ch|sh|ss|x)$/.test(l)) return `${v}es`;
  return `${v}s`;
}

/** A plural noun by its ending, leaving out words that only look plural. */
const looksPlural = (w: string) =>
  /[^su']s$/i.test(w) &&
  !/(ss|us|is|ics|news|series|species|means|headquarters|always|perhaps|whereas|this|its|has|was|does|gas|bus|lens|plus|yes|less|unless)$/i.test(
    w,
  );
/** An amount taken as one sum: "Ten dollars is enough", "Three hours was too long". */
const MEASURES =
  /^(?:dollars|cents|percent|miles|pounds|tons|gallons|inches|feet|yards|acres|degrees|points|years|months|weeks|days|hours|minutes|seconds|decades)$/i;
const SINGULAR_HEADS =
  'list|cost|price|number|value|quality|amount|rate|level|total|percentage|share|source|cause|result|goal|impact|effect|use|lack|group';

/** A verb among a noun's modifiers makes the noun a complement, not a subject: "the cause was complications of pneumonia". */
const BE_OR_VERB = new RegExp(`\\b(?:${SINGULAR_VERBS}|${PLURAL_VERBS}|be|been|being)\\b`, 'i');

/** Nouns that take a plural verb as a group, or have one form for both numbers. */
const COLLECTIVE = new Set(
  'police people staff team family couple crew jury board council committee public audience majority data media cattle personnel faculty clergy youth sheep deer fish aircraft series species offspring'.split(
    ' ',
  ),
);

export const agreement = defineRule({
  id: 'grammar/agreement',
  category: 'grammar',
  explanation:
    'A verb agrees with the head of its subject, not with the nearest noun: the results of the survey show, the list of names is.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    const hits: Hit[] = [];
    // "The results of the county's survey shows"
    hits.push(
      ...scan(
        text,
        wordRegex(
          `(?:the|these|those|its|their|many|several|some|all|both|two|three|four|five)\\s+((?:[\\p{L}-]+\\s+){0,2}?)([\\p{L}]+)\\s+of\\s+((?:[\\p{L}\\p{N}'’$,.-]+\\s+){0,6}?)(${SINGULAR_VERBS})`,
          'giu',
        ),
        (m) => {
          // the noun must head the subject, not follow a verb ("the cause was complications of pneumonia"),
          // and the verb must be in its sentence ("complications of pneumonia. Ortiz was born")
          if (BE_OR_VERB.test(m[1]!) || /[.!?]\s+\p{Lu}/u.test(m[3]!)) return null;
          if (
            !looksPlural(m[2]!) ||
            /\b(that|who|which|where|when|and|or|but|said|says|it|he|she|this|we|they|i|you)\b/i.test(m[3]!) ||
            /,/.test(m[3]!)
          )
            return null;
          // a name ("The Friends of the Library is") or a span of time taken as one ("Two years of drought has") is singular
          if (/^\p{Lu}/u.test(m[2]!) || /^(years|months|weeks|days|hours|minutes|decades|seconds)$/i.test(m[2]!)) return null;
          const verb = m[4]!;
          const start = m.index + m[0].length - verb.length;
          return {
            start,
            end: start + verb.length,
            message: `The subject "${m[2]}" is plural: use "${pluralVerb(verb)}".`,
            suggestion: pluralVerb(verb),
          };
        },
      ),
    );
    // "The list of candidates are"
    hits.push(
      ...scan(
        text,
        wordRegex(
          `(the|this|that|each|one|either|neither)\\s+(?:[\\p{L}-]+\\s+){0,1}?(${SINGULAR_HEADS}|of)\\s+(?:of\\s+)?(?:the\\s+|these\\s+|those\\s+|its\\s+|their\\s+)?((?:[\\p{L}'’-]+\\s+){0,3}?)([\\p{L}]+s)\\s+(${PLURAL_VERBS})`,
          'giu',
        ),
        (m) => {
          const det = m[1]!.toLowerCase();
          const head = m[2]!.toLowerCase();
          if (head === 'of' && !/^(each|one|either|neither)$/.test(det)) return null;
          if (head !== 'of' && !/\bof\s/.test(m[0])) return null;
          if (head === 'number' && det !== 'the') return null;
          if (/\b(who|that|which)\b/i.test(m[3]!) || !looksPlural(m[4]!)) return null;
          const verb = m[5]!;
          const start = m.index + m[0].length - verb.length;
          return {
            start,
            end: start + verb.length,
            message: `The subject is singular ("${det} ${head === 'of' ? '' : head}"): use "${singularVerb(verb)}".`.replace(' ")', '")'),
            suggestion: singularVerb(verb),
          };
        },
      ),
    );
    // a plural noun phrase opening its clause, then a singular verb: "Mortgage rates has fallen", "staffing levels is unsafe"
    const all = tokens(doc);
    for (let i = 1; i < all.length; i++) {
      const verb = all[i]!;
      const noun = all[i - 1]!;
      if (!/^(?:is|was|has|does|isn['’]t|wasn['’]t|hasn['’]t|doesn['’]t)$/i.test(verb.text) || noun.pos !== 'NOUN') continue;
      if (noun.end !== verb.start - 1 || text[noun.end] !== ' ') continue;
      if (noun.text.toLowerCase() === noun.lemma || !looksPlural(noun.text) || MEASURES.test(noun.text)) continue;
      // walk back over the phrase's modifiers to what comes before it: an "of" or "in" makes the noun an object, not the subject
      // (a tagger reads a capitalised first word as a name: "Mortgage rates")
      let k = i - 2;
      while (
        k >= 0 &&
        !doc.startsSentence(all[k + 1]!.start) &&
        (/^(?:NOUN|ADJ|NUM|DET)$/.test(all[k]!.pos) ||
          /^['’]s$/.test(all[k]!.text) ||
          (all[k]!.pos === 'PROPN' && doc.startsSentence(all[k]!.start)))
      )
        k--;
      // "the cost of books and research databases has": the second of two objects of "of" is no subject either
      if (k > 0 && all[k]!.pos === 'CCONJ' && !doc.startsSentence(all[k]!.start)) {
        k--;
        while (k >= 0 && !doc.startsSentence(all[k + 1]!.start) && /^(?:NOUN|ADJ|NUM|DET|PROPN)$/.test(all[k]!.pos)) k--;
      }
      const before = k >= 0 && !doc.startsSentence(all[k + 1]!.start) ? all[k]! : null;
      if (before && /^(?:ADP|PROPN|PRON|AUX)$/.test(before.pos)) continue;
      const word = verb.text.replace(/n['’]t$/i, '');
      const right = `${pluralVerb(word)}${verb.text.slice(word.length)}`;
      hits.push({
        start: verb.start,
        end: verb.end,
        message: `The subject "${noun.text}" is plural: use "${right}".`,
        suggestion: right,
      });
    }
    // a plural subject, a short phrase after it, then a singular verb: "Memorial donations in her name goes to the council"
    for (const sentence of doc.sentences) {
      const words = all.filter((t) => t.start >= sentence.start && t.end <= sentence.end);
      let h = 0;
      while (h < words.length && /^(?:DET|ADJ|NUM)$/.test(words[h]!.pos)) h++;
      while (h < words.length && /^(?:PROPN|NOUN)$/.test(words[h]!.pos) && /^(?:NOUN|PROPN)$/.test(words[h + 1]?.pos ?? '')) h++;
      const head = words[h];
      const prep = words[h + 1];
      if (!head || head.pos !== 'NOUN' || !looksPlural(head.text) || head.lemma === head.text.toLowerCase() || MEASURES.test(head.text))
        continue;
      if (!prep || prep.pos !== 'ADP' || !/^(?:in|of|for|from|at|on|with|near|to)$/i.test(prep.text) || doc.inQuote(head.start)) continue;
      let v = h + 2;
      while (
        v < words.length &&
        v <= h + 6 &&
        /^(?:DET|PRON|ADJ|NOUN|PROPN|NUM)$/.test(words[v]!.pos) &&
        !/^(?:who|that|which)$/i.test(words[v]!.text)
      )
        v++;
      const verb = words[v];
      if (!verb || v === h + 2 || !new RegExp(`^(?:${SINGULAR_VERBS})$`, 'i').test(verb.text)) continue;
      hits.push({
        start: verb.start,
        end: verb.end,
        message: `The subject "${head.text}" is plural: use "${pluralVerb(verb.text)}".`,
        suggestion: pluralVerb(verb.text),
      });
    }
    // one person's full name, then a plural verb: "Travis Boone are charged"
    for (let i = 2; i < all.length; i++) {
      const verb = all[i]!;
      const [first, last] = [all[i - 2]!, all[i - 1]!];
      if (!/^(?:are|were|have|aren['’]t|weren['’]t|haven['’]t)$/i.test(verb.text)) continue;
      if (first.pos !== 'PROPN' || last.pos !== 'PROPN' || !/^\p{Lu}\p{Ll}+$/u.test(first.text) || !/^\p{Lu}\p{Ll}+$/u.test(last.text))
        continue;
      if (text.slice(first.end, last.start) !== ' ' || text.slice(last.end, verb.start) !== ' ') continue;
      // "New Yorkers are", "the Smiths were": a plural name is a group
      if (looksPlural(last.text) || /^(?:The|A|An)$/.test(first.text)) continue;
      // "Smith and Travis Boone are", "Kansas City Chiefs are": a compound subject or a longer name
      const before = i >= 3 && !doc.startsSentence(first.start) ? all[i - 3]! : null;
      if (before && (/^(?:and|or|&|,|of|nor|the)$/i.test(before.text) || /^(?:PROPN|NOUN|ADP)$/.test(before.pos))) continue;
      // "researchers at Northfield University have": an institution is no person, and the subject came before it
      if (
        /^(?:University|College|School|Company|Corporation|Hospital|Council|Board|Department|Institute|Center|Centre|Association|Foundation|Group|Partners|Systems|Industries|County|City)$/.test(
          last.text,
        )
      )
        continue;
      const word = verb.text.replace(/n['’]t$/i, '');
      const right = `${singularVerb(word)}${verb.text.slice(word.length)}`;
      hits.push({
        start: verb.start,
        end: verb.end,
        message: `"${first.text} ${last.text}" is one person: use "${right}".`,
        suggestion: right,
      });
    }
    // a possessive and one singular noun, then a plural verb: "her client have no record"
    for (let i = 2; i < all.length; i++) {
      const verb = all[i]!;
      const [owner, noun] = [all[i - 2]!, all[i - 1]!];
      if (!/^(?:have|are|were|haven['’]t|aren['’]t|weren['’]t)$/i.test(verb.text)) continue;
      if (!/^(?:his|her|its|my|your|our|their)$/i.test(owner.text) || noun.pos !== 'NOUN') continue;
      if (text.slice(owner.end, noun.start) !== ' ' || text.slice(noun.end, verb.start) !== ' ') continue;
      const word = noun.text.toLowerCase();
      if (word !== noun.lemma || /s$/.test(word) || COLLECTIVE.has(word)) continue;
      const base = verb.text.replace(/n['’]t$/i, '');
      const right = `${singularVerb(base)}${verb.text.slice(base.length)}`;
      hits.push({
        start: verb.start,
        end: verb.end,
        message: `"${owner.text} ${noun.text}" is singular: use "${right}".`,
        suggestion: right,
      });
    }
    // "there is many reasons"
    hits.push(
      ...scan(
        text,
        wordRegex(
          "there\\s+(is|was|'s)\\s+(many|several|numerous|few|multiple|two|three|four|five|six|seven|eight|nine|ten|dozens|hundreds|thousands|\\d*[2-9]\\d*|\\d{2,})",
          'giu',
        ),
        (m) => {
          const verb = m[1]!;
          // an amount is singular: "There was 20 percent more rain"
          if (
            /^\s*(?:%|percent|degrees|inches|feet|miles|dollars|cents|pounds|tons|gallons)\b/i.test(
              text.slice(m.index + m[0].length, m.index + m[0].length + 10),
            )
          )
            return null;
          const start = m.index + m[0].indexOf(verb, 5);
          const right = verb.toLowerCase() === 'was' ? 'were' : 'are';
          return {
            start,
            end: start + verb.length,
            message: `"There" takes the number of what follows: use "${right}".`,
            suggestion: right,
          };
        },
      ),
    );
    // pronoun + be
    hits.push(
      ...scan(
        text,
        wordRegex(
          '(they|we|you)\\s+(was)|(?<!\\b(?:if|as if|as though|though|only|unless|whether|wish|wished|suppose|imagine)\\s+)(he|she|it)\\s+(were)',
          'giu',
        ),
        (m) => {
          if (/^it\s+were$/i.test(m[0]) && /\bas\s+$/i.test(text.slice(Math.max(0, m.index - 4), m.index))) return null; // "as it were"
          const verb = m[2] ?? m[4]!;
          const start = m.index + m[0].length - verb.length;
          const right = verb.toLowerCase() === 'was' ? 'were' : 'was';
          return {
            start,
            end: start + verb.length,
            message: `Use "${right}" with "${(m[1] ?? m[3])!.toLowerCase()}".`,
            suggestion: matchCase(verb, right),
          };
        },
      ),
    );
    hits.push(
      ...scan(text, wordRegex("(he|she|it)\\s+(don['’]t)", 'giu'), (m) => {
        const start = m.index + m[0].length - m[2]!.length;
        return { start, end: start + m[2]!.length, message: `Use "doesn’t" with "${m[1]!.toLowerCase()}".`, suggestion: 'doesn’t' };
      }),
    );
    return hits;
  },
});
