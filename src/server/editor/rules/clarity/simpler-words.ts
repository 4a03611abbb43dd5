import { retextMessages } from '../../retext';
import { matchCase } from '../../text/words';
import { defineRule } from '../rule';
import type { Hit } from '../rule';

/**
 * retext-simplify findings whose plain word replaces the phrase in every use, so
 * a rewrite may swap it. The rest are reported only: "terminate an employee",
 * "transmit a disease", "the aforementioned report", "an equitable remedy" and
 * "practicable" (feasible, not practical) need a writer to choose the word.
 */
const SAFE: Record<string, string> = {
  utilize: 'use',
  utilise: 'use',
  commence: 'begin',
  ascertain: 'learn',
  'at the present time': 'now',
  'as of yet': 'yet',
  'by means of': 'by',
  'inasmuch as': 'since',
  'with reference to': 'about',
  'pertaining to': 'about',
  'under the provisions of': 'under',
  'is applicable to': 'applies to',
  'has a requirement for': 'needs',
  'in lieu of': 'instead of',
  heretofore: 'until now',
  subsequently: 'later',
  'owing to the fact that': 'because',
  'in light of the fact that': 'because',
  expedite: 'speed up',
  ameliorate: 'improve',
  'accede to': 'agree to',
  acquiesce: 'agree',
  disseminate: 'spread',
  elucidate: 'explain',
  'interpose no objection': 'not object',
  promulgate: 'issue',
  remuneration: 'pay',
  'successfully complete': 'complete',
  'readily apparent': 'clear',
  'various different': 'various',
  'is in consonance with': 'agrees with',
};

export const simplerWords = defineRule({
  id: 'clarity/simpler-words',
  category: 'clarity',
  actions: ['concise', 'readability', 'simplify'],
  explanation:
    'News copy uses the plain word a reader would say (use, begin, help) instead of official language (utilize, commence, facilitate).',
  autoFix: true,
  check(doc) {
    const hits: Hit[] = [];
    for (const m of retextMessages(doc)) {
      if (m.source !== 'retext-simplify') continue;
      const phrase = m.actual.toLowerCase().replace(/\s+/g, ' ');
      const alternatives = m.expected.filter((e) => e && e !== 'remove');
      const safe = SAFE[phrase];
      hits.push({
        start: m.start,
        end: m.end,
        message: alternatives.length
          ? `Simpler: "${m.actual}" → ${alternatives.map((a) => `"${a}"`).join(' or ')}.`
          : `"${m.actual}" can usually be cut.`,
        suggestion: safe ? matchCase(m.actual, safe) : null,
      });
    }
    return hits;
  },
});
