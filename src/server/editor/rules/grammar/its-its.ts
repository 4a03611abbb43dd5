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

export const itsIts = defineRule({
  id: 'grammar/its-its',
  category: 'grammar',
  explanation: '"Its" is possessive (the board and its members); "it’s" means it is or it has.',
  autoFix: true,
  check(doc) {
    const hits: Hit[] = [];
    hits.push(
      ...scan(
        doc.text,
        wordRegex(
          'its\\s+(a|an|not|been|going|likely|unlikely|clear|unclear|true|hard|easy|possible|impossible|important|time to|too)',
          'giu',
        ),
        (m) => ({
          start: m.index,
          end: m.index + 3,
          message: `Use "it’s" (it is, it has) before "${m[1]}".`,
          suggestion: matchCase(m[0], 'it’s'),
        }),
      ),
    );
    hits.push(
      ...scan(doc.text, wordRegex("it['’]s\\s+([\\p{L}]+)", 'giu'), (m) => {
        const next = m[1]!.toLowerCase();
        const possessed = POSSESSED.has(next) || (/[^su's]s$/.test(next) && !NOT_NOUNS.has(next) && !/(ss|ous|ics|less|ness)$/.test(next));
        if (!possessed) return null;
        return { start: m.index, end: m.index + 4, message: 'Use the possessive "its".', suggestion: matchCase(m[0], 'its') };
      }),
    );
    return hits;
  },
});
