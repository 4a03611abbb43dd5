import { baseOfPast } from '../../text/verbs';
import { matchCase } from '../../text/words';
import { defineRule, scan, wordRegex } from '../rule';
import type { Hit } from '../rule';

/** Verbs that follow an existential "there" ("there remained three seats"). */
const EXISTENTIAL = new Set(
  'remained remains existed exists appeared appears seemed seems came comes arose arises lived lives stood stands followed follows emerged emerges occurred ensued lay lies sat sits used being been developed grew went goes began begins'.split(
    ' ',
  ),
);
/** Nouns that show a possessive was meant ("there own", "there homes"). */
const OWNED = new Set(
  'own homes home house houses children kids family families parents car cars jobs job lives money business businesses members customers students employees son sons daughter daughters way team friends neighbors concerns names'.split(
    ' ',
  ),
);
/** Words before "there" that make it a place ("over there", "went there"). */
const PLACE_BEFORE =
  /\b(over|out|in|up|down|from|here and|get|got|getting|go|goes|going|went|gone|been|be|is|was|are|were|stay|stayed|live|lived|lives|work|worked|works|back|right|still|not|never|always|moved|traveled|arrived|there)\s+$/i;

/** Words after which "there" can be the subject of a new clause. */
const CLAUSE_OPENER =
  /(?:^|\b(?:said|says|say|told|because|since|if|when|while|that|and|but|so|as|think|thinks|thought|believe|believed|know|knew|hope|hoped|feel|felt|worry|worried|whether)|[,;:])\s+$/i;
/** Past forms after a place "there" ("Officials there said"). */
const ATTRIBUTION_VERBS = new Set('said told reported added noted explained estimated described recalled answered asked'.split(' '));

export const theirThere = defineRule({
  id: 'grammar/their-there',
  category: 'grammar',
  explanation: '"Their" is possessive, "there" is a place or an opener (there is), and "they’re" means they are.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    const hits: Hit[] = [];
    hits.push(
      ...scan(text, wordRegex("there\\s+([\\p{L}'’]+)", 'giu'), (m) => {
        const next = m[1]!.toLowerCase();
        const before = text.slice(Math.max(0, m.index - 20), m.index);
        if (PLACE_BEFORE.test(before)) return null;
        const there = m[0].slice(0, 5);
        if (OWNED.has(next))
          return {
            start: m.index,
            end: m.index + m[0].length,
            message: `Use "their" to show possession.`,
            suggestion: `${matchCase(there, 'their')} ${m[1]}`,
          };
        if (EXISTENTIAL.has(next)) return null;
        // "they're" only where "there" opens a clause ("said there worried about") and a participle follows that
        // cannot start an existential sentence: "Residents there said", "There also were", "there being" are right
        const opensClause = CLAUSE_OPENER.test(before) || doc.startsSentence(m.index);
        const after = text.slice(m.index + m[0].length, m.index + m[0].length + 12);
        const participle =
          next === 'going'
            ? /^\s+to\b/.test(after)
            : /\p{Ll}{3,}ed$/u.test(next) &&
              !ATTRIBUTION_VERBS.has(next) &&
              /^\s*(?:about|that|to|with|by|for|over|of|at|in|[,.;:!?])/.test(after);
        if (!opensClause || !participle) return null;
        return {
          start: m.index,
          end: m.index + m[0].length,
          message: `"${there} ${m[1]}" needs "they’re" (they are).`,
          suggestion: `${matchCase(there, 'they’re')} ${m[1]}`,
        };
      }),
    );
    hits.push(
      ...scan(text, wordRegex('their\\s+(is|are|was|were|will be|has been|have been)', 'giu'), (m) => ({
        start: m.index,
        end: m.index + m[0].length,
        message: `Use "there" with "${m[1]}".`,
        suggestion: `${matchCase(m[0], 'there')} ${m[1]}`,
      })),
    );
    hits.push(
      ...scan(
        text,
        wordRegex('their\\s+([\\p{L}]+)\\s+(about|that|to|with|by|for|on|in|at|from|of|because|if|when|but|and)\\b', 'giu'),
        (m) => {
          const word = m[1]!.toLowerCase();
          // a gerund is a noun after "their" ("their meeting about", "their funding from"): only "going to" and participles
          const clear =
            (word === 'going' && m[2]!.toLowerCase() === 'to') ||
            /^(not|also|still)$/.test(word) ||
            (/\p{Ll}{3,}ed$/u.test(word) && baseOfPast(word) !== null);
          if (!clear) return null;
          return {
            start: m.index,
            end: m.index + 5 + m[0].slice(5).indexOf(m[1]!) + m[1]!.length,
            message: `"${m[0].slice(0, 5)} ${m[1]}" needs "they’re" (they are).`,
            suggestion: `${matchCase(m[0], 'they’re')} ${m[1]}`,
          };
        },
      ),
    );
    hits.push(
      ...scan(text, wordRegex("they['’]re\\s+(own|homes?|house|children|kids|family|parents|cars?|jobs?|lives)", 'giu'), (m) => ({
        start: m.index,
        end: m.index + m[0].length,
        message: `Use "their" to show possession.`,
        suggestion: `${matchCase(m[0], 'their')} ${m[1]}`,
      })),
    );
    return hits;
  },
});
