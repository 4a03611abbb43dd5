import { tokens, type Token } from '../../text/nlp';
import { isPastTense } from '../../text/verbs';
import { matchCase } from '../../text/words';
import type { Doc } from '../../text/document';
import { defineRule } from '../rule';
import type { Hit } from '../rule';

/** Plurals that are amounts in their own right ("the amount of damages"). */
const MASS_PLURALS = new Set(
  'funds damages taxes earnings proceeds sales revenues resources savings goods supplies remains wages benefits fees costs losses profits assets expenses debts dues emissions rainfall sediments'.split(
    ' ',
  ),
);
/** Plurals a newsroom uses as descriptions, not owners: the teachers union, the sports desk, the parks department. */
const DESCRIPTIVE_PLURALS = new Set(
  'sports parks news jobs arts savings sales schools services operations communications systems emissions claims rights awards affairs works utilities goods teachers players veterans citizens farmers workers writers students parents nurses officers firefighters drivers voters residents members owners users customers taxpayers seniors homeowners'.split(
    ' ',
  ),
);
/** Bodies that own a budget, a library or a record: "the towns library" is the town's. */
const OWNERS = new Set(
  'town city county state village township borough district department company nation country team club church hospital museum family firm agency council board university college'.split(
    ' ',
  ),
);
const IRREGULAR_POSSESSIVES: Record<string, string> = { childrens: 'children’s', mens: 'men’s', womens: 'women’s' };
const OBJECT: Record<string, string> = { he: 'him', she: 'her', we: 'us', they: 'them' };
/** Bodies that act as one: American usage gives them a singular verb (AP). */
const COLLECTIVES = new Set(
  'council committee board jury team company commission panel government administration agency department class crowd audience band orchestra union faculty'.split(
    ' ',
  ),
);
const SINGULAR_VERB: Record<string, string> = { have: 'has', are: 'is', were: 'was', do: 'does' };
const BARE_INFINITIVE_BEFORE =
  /\b(?:let|lets|help|helps|helped|make|makes|made|watch|watched|see|saw|will|would|could|should|can|may|might|must|to|did|does|do)\s+(?:\p{Lu}[\p{L}'’-]*\s+){0,3}$/u;

const isPlural = (t: Token) => t.pos === 'NOUN' && /s$/i.test(t.text) && t.lemma !== t.text.toLowerCase();
const hit = (start: number, end: number, message: string, suggestion: string | null): Hit => ({ start, end, message, suggestion });

/** "of it's", "in it's": after a preposition only the possessive can stand. Also "it's zone defense forced": a noun and its verb follow. */
function possessiveIts(doc: Doc, all: Token[], i: number): Hit | null {
  const it = all[i]!;
  const s = all[i + 1];
  if (!/^(?:it|who)$/i.test(it.text) || !s || s.start !== it.end || !/^['’]s$/.test(s.text)) return null;
  const who = /^who$/i.test(it.text);
  const before = all[i - 1];
  const after = all.slice(i + 2, i + 8);
  const sentence = doc.sentenceAt(it.start);
  const fix = () =>
    who
      ? hit(
          it.start,
          s.end,
          'Use the possessive "whose": "who’s" means who is or who has.',
          matchCase(doc.text.slice(it.start, s.end), 'whose'),
        )
      : hit(it.start, s.end, 'Use the possessive "its": "it’s" means it is or it has.', matchCase(doc.text.slice(it.start, s.end), 'its'));
  if (
    !who &&
    before &&
    before.pos === 'ADP' &&
    /^(?:of|in|on|for|with|from|by|at|to|into|onto|about|through|under|over|toward|towards|against|during|without|within|behind|across)$/i.test(
      before.text,
    )
  )
    return fix();
  // a noun phrase, then its own past-tense verb: "it's zone defense forced 15 turnovers"
  let n = 0;
  for (const t of after) {
    if (sentence && t.start >= sentence.end) break;
    if (n >= 1 && isPastTense(t.text) && /^\p{Ll}/u.test(t.text)) return fix();
    if (t.text === '-' && t.start === after[after.indexOf(t) - 1]?.end) continue;
    if (
      t.pos === 'ADV' ||
      t.pos === 'DET' ||
      t.pos === 'PUNCT' ||
      t.pos === 'AUX' ||
      t.pos === 'PART' ||
      t.pos === 'ADP' ||
      /ly$/.test(t.text)
    )
      return null;
    n++;
  }
  return null;
}

export const wordRoles = defineRule({
  id: 'grammar/word-roles',
  category: 'grammar',
  explanation:
    'A word’s job in the sentence decides its form: the possessive "its" after a preposition, "led" beside other past-tense verbs, "number of" for things counted, a singular verb after "neither … nor" with a singular noun.',
  autoFix: true,
  check(doc) {
    const all = tokens(doc);
    const hits: Hit[] = [];
    const has = (re: RegExp) => re.test(doc.outsideQuotes);
    for (let i = 0; i < all.length; i++) {
      const t = all[i]!;
      if (doc.inQuote(t.start, t.end)) continue;
      const lower = t.text.toLowerCase();
      const prev = all[i - 1];
      const next = all[i + 1];
      const sentence = doc.sentenceAt(t.start);
      if (!sentence) continue;

      const its = possessiveIts(doc, all, i);
      if (its) hits.push(its);

      if (
        lower === 'lead' &&
        next &&
        (/^(?:the|a|an|all|his|her|their|its|every|both)$/i.test(next.text) || (next.pos === 'NOUN' && isPlural(next)))
      ) {
        const head = doc.text.slice(sentence.start, t.start);
        // "added 14 points and lead the team": beside a past-tense verb on the same subject
        const coordinated = /\band\s+$/.test(head) && (head.match(/[\p{L}'’-]+/gu) ?? []).slice(-6, -1).some((w) => isPastTense(w));
        const barePresent = prev?.pos === 'PROPN' && !BARE_INFINITIVE_BEFORE.test(head.slice(0, prev.start - sentence.start));
        if (coordinated || (barePresent && (head.match(/[\p{L}'’-]+/gu) ?? []).some((w) => isPastTense(w))))
          hits.push(hit(t.start, t.end, 'The past tense of "lead" is "led".', matchCase(t.text, 'led')));
      }

      // "is to expensive to keep": an adjective after "to" is a degree, "too"
      if (
        lower === 'to' &&
        next?.pos === 'ADJ' &&
        prev &&
        /^(?:is|are|was|were|be|been|being|am|seems?|seemed|looks?|looked|feels?|felt|sounds?|sounded|got|gets|getting|became|becomes?|far|way|much|just|simply|still|not|grown|grew|remains?|remained)$/i.test(
          prev.text,
        ) &&
        /^(?:to|for|and|or|[.,;:!?"”])$/i.test(all[i + 2]?.text ?? '.')
      )
        hits.push(hit(t.start, t.end, '"Too" means excessively; "to" is a preposition.', matchCase(t.text, 'too')));

      if (
        lower === 'except' &&
        prev &&
        /^(?:should|will|would|can|could|may|might|must|to|i|we|they|you|residents|drivers|officials)$/i.test(prev.text)
      )
        hits.push(hit(t.start, t.end, '"Except" means but or leave out; the verb here is "expect" or "accept".', null));

      if (lower === 'amount' && next?.text.toLowerCase() === 'of') {
        const noun = all.slice(i + 2, i + 5).find((x) => x.pos === 'NOUN');
        const between = noun ? all.slice(i + 2, all.indexOf(noun)) : [];
        if (noun && isPlural(noun) && !MASS_PLURALS.has(noun.text.toLowerCase()) && between.every((x) => x.pos === 'ADJ'))
          hits.push(hit(t.start, next.end, `"${noun.text}" can be counted: use "number of".`, matchCase(t.text, 'number') + ' of'));
      }

      if (lower === 'neither') {
        const nor = all.slice(i + 1, i + 10).find((x) => x.text.toLowerCase() === 'nor' && x.start < sentence.end);
        if (nor) {
          const k = all.indexOf(nor);
          const verbAt = all.slice(k + 1, k + 6).findIndex((x) => x.pos === 'AUX' || x.pos === 'VERB');
          const verb = verbAt >= 0 ? all[k + 1 + verbAt]! : undefined;
          const last = verbAt > 0 ? all[k + verbAt]! : undefined;
          const singular = last && (last.pos === 'PROPN' || (last.pos === 'NOUN' && !isPlural(last)));
          if (verb && singular && SINGULAR_VERB[verb.text.toLowerCase()])
            hits.push(
              hit(
                verb.start,
                verb.end,
                `With "neither … nor", the verb agrees with the nearer subject, "${last.text}".`,
                matchCase(verb.text, SINGULAR_VERB[verb.text.toLowerCase()]!),
              ),
            );
        }
      }

      // "the principle source": before a noun the adjective is "principal" (main); a principle is a rule
      if (
        lower === 'principle' &&
        next &&
        /^(?:NOUN|ADJ|VERB)$/.test(next.pos) &&
        !/^(?:is|was|are|were|has|have|had|applies|guides|holds|says)$/i.test(next.text) &&
        !/^(?:of|that)$/i.test(next.text) &&
        prev &&
        /^(?:the|a|its|their|his|her|our)$/i.test(prev.text)
      )
        hits.push(hit(t.start, t.end, '"Principal" means main; a "principle" is a rule or belief.', matchCase(t.text, 'principal')));

      // "between he and Dunn": after a preposition the pronoun is an object
      if (
        prev?.pos === 'ADP' &&
        /^(?:between|for|with|to|from|against|among|about|behind|beside|like|except)$/i.test(prev.text) &&
        /^(?:he|she|we|they)$/i.test(t.text) &&
        next?.text.toLowerCase() === 'and'
      )
        hits.push(hit(t.start, t.end, `After "${prev.text}", use the object form "${OBJECT[lower]}".`, matchCase(t.text, OBJECT[lower]!)));

      // "10 days notice": time that owns the noun takes the apostrophe (AP: two weeks' vacation)
      if (
        /^(?:days|weeks|months|years|hours)$/.test(lower) &&
        prev?.pos === 'NUM' &&
        next &&
        /^(?:notice|pay|vacation|leave|wages|salary|warning|work|rest|time|delay|drive|walk|worth)$/i.test(next.text) &&
        doc.text[t.end] === ' '
      )
        hits.push(hit(t.start, t.end, `Time that owns the noun takes the apostrophe: "${t.text}’ ${next.text}".`, `${t.text}’`));

      // "The council have voted": in American usage a body acting as one takes a singular verb
      if (
        COLLECTIVES.has(lower) &&
        prev &&
        all[i - 2]?.pos !== 'ADP' &&
        /^(?:the|a|this|that|each|every)$/i.test(prev.text) &&
        next &&
        SINGULAR_VERB[next.text.toLowerCase()] &&
        next.text.toLowerCase() !== 'do' &&
        doc.text.slice(t.end, next.start) === ' '
      )
        hits.push(
          hit(
            next.start,
            next.end,
            `"${t.text}" acts as one body: use "${SINGULAR_VERB[next.text.toLowerCase()]}".`,
            matchCase(next.text, SINGULAR_VERB[next.text.toLowerCase()]!),
          ),
        );

      if (IRREGULAR_POSSESSIVES[lower] && t.pos !== 'PROPN')
        hits.push(
          hit(
            t.start,
            t.end,
            `The possessive needs its apostrophe: "${IRREGULAR_POSSESSIVES[lower]}".`,
            matchCase(t.text, IRREGULAR_POSSESSIVES[lower]!),
          ),
        );

      // "the departments highest honor", "the towns budget grew": one owner, a body that owns things or one the story names in the singular
      if (prev && /^the$/i.test(prev.text) && isPlural(t) && !DESCRIPTIVE_PLURALS.has(lower) && next && next.start < sentence.end) {
        const owned = next.pos === 'ADJ' && /(?:est)$/i.test(next.text) ? all[i + 2] : next;
        const afterOwned = owned ? all[all.indexOf(owned) + 1] : undefined;
        const ownedIsHead =
          owned?.pos === 'NOUN' && !isPlural(owned) && (owned !== next || (afterOwned && /^(?:VERB|AUX|ADP|PUNCT)$/.test(afterOwned.pos)));
        const singular = t.lemma;
        if (
          ownedIsHead &&
          ((OWNERS.has(singular) && (owned !== next || /^(?:VERB|AUX|PUNCT)$/.test(afterOwned?.pos ?? ''))) ||
            has(new RegExp(`\\bthe\\s+${singular}(?:['’]s)?\\b(?!\\s*s\\b)`, 'i'))) &&
          !has(new RegExp(`\\b${t.text}\\s+(?:are|were|have|say|said)\\b`, 'i'))
        )
          hits.push(hit(t.start, t.end, `One ${singular} owns it: "${singular}’s".`, `${matchCase(t.text, singular)}’s`));
      }
    }
    return hits;
  },
});
