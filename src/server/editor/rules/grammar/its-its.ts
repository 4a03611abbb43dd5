import { matchCase } from '../../text/words';
import { defineRule, scan, wordRegex } from '../rule';
import type { Hit } from '../rule';

/** Nouns that show "it's" was meant as the possessive "its". */
const POSSESSED = new Set([
  'own',
  'budget',
  'mission',
  'website',
  'policy',
  'board',
  'staff',
  'members',
  'name',
  'doors',
  'first',
  'last',
  'annual',
  'new',
]);
const NOT_NOUNS = new Set([
  'always',
  'perhaps',
  'his',
  'hers',
  'ours',
  'yours',
  'theirs',
  'this',
  'thus',
  'plus',
  'as',
  'is',
  'was',
  'has',
  'does',
  'across',
  'towards',
  'afterwards',
  'sometimes',
  'nowadays',
  'nearly',
  'anyways',
  'less',
  'unless',
  'obviously',
  'yes',
  'means',
]);

/** Plural nouns by their ending (members, employees, customers, operations); "it's chaos", "it's days away" are not. */
const PLURAL_NOUN = /(?:ers|ees|ments|tions|sions|ties|ists|ants|ents|ors|ians|ships)$/;

export const itsIts = defineRule({
  id: 'grammar/its-its',
  category: 'grammar',
  explanation: '"Its" is possessive (the board and its members); "it’s" means it is or it has.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    const hits: Hit[] = [];
    hits.push(
      ...scan(
        text,
        // an adjective only when a clause follows it: "its clear that", never "its clear plastic lid"
        wordRegex(
          "its\\s+(?:(a|an|been|not|too|going to)(?![-'’\\p{L}])|(likely|unlikely|clear|unclear|true|hard|easy|possible|impossible|important)(?=\\s*(?:that|to|whether|if|how|what|when|why|for)\\b|\\s*[,.;:!?]))",
          'giu',
        ),
        (m) => ({
          start: m.index,
          end: m.index + 3,
          message: `Use "it’s" (it is, it has) before "${m[1] ?? m[2]}".`,
          suggestion: matchCase(m[0], 'it’s'),
        }),
      ),
    );
    hits.push(
      ...scan(text, wordRegex("it['’]s\\s+([\\p{L}]+)", 'giu'), (m) => {
        const next = m[1]!.toLowerCase();
        const after = text.slice(m.index + m[0].length, m.index + m[0].length + 8);
        if (/^\p{Lu}/u.test(m[1]!) || /^\s+(?:who|that|which)\b/i.test(after)) return null; // "It's Christmas", "it's parents who decide"
        const possessed = POSSESSED.has(next) || (PLURAL_NOUN.test(next) && !NOT_NOUNS.has(next));
        if (!possessed) return null;
        return { start: m.index, end: m.index + 4, message: 'Use the possessive "its".', suggestion: matchCase(m[0], 'its') };
      }),
    );
    return hits;
  },
});
