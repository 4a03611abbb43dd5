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
        if (/^(going|not|also|still|now|all|both)$/.test(next) || (/(ed|ing)$/.test(next) && next.length > 4)) {
          return {
            start: m.index,
            end: m.index + m[0].length,
            message: `"${there} ${m[1]}" needs "they’re" (they are).`,
            suggestion: `${matchCase(there, 'they’re')} ${m[1]}`,
          };
        }
        return null;
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
          if (!/^(not|going|also|still|all)$/.test(word) && !(/(ed|ing)$/.test(word) && word.length > 4)) return null;
          if (/ing$/.test(word) && /^(of|in|at|for|on|by|with)$/i.test(m[2]!)) return null; // "their building in", "their funding for"
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
