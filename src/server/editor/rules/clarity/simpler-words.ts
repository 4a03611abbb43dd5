import { retextMessages } from '../../retext';
import { matchCase } from '../../text/words';
import { defineRule } from '../rule';
import type { Hit } from '../rule';

/** retext-simplify findings whose first alternative can replace the phrase word for word. */
const SAFE: Record<string, string> = {
  utilize: 'use',
  utilise: 'use',
  utilization: 'use',
  utilisation: 'use',
  commence: 'begin',
  endeavor: 'try',
  facilitate: 'help',
  ascertain: 'learn',
  'at the present time': 'now',
  'as yet': 'yet',
  'as of yet': 'yet',
  'by means of': 'by',
  inasmuch: 'since',
  'inasmuch as': 'since',
  'with reference to': 'about',
  'pertaining to': 'about',
  'in accordance with': 'under',
  'under the provisions of': 'under',
  'afford an opportunity': 'allow',
  'is applicable to': 'applies to',
  'has a requirement for': 'needs',
  'in lieu of': 'instead of',
  terminate: 'end',
  transmit: 'send',
  heretofore: 'until now',
  subsequently: 'later',
  'in the amount of': 'for',
  'owing to the fact that': 'because',
  'in light of the fact that': 'because',
  expedite: 'speed up',
  finalize: 'finish',
  finalise: 'finish',
  ameliorate: 'improve',
  'attributable to': 'caused by',
  bestow: 'give',
  'accede to': 'agree to',
  acquiesce: 'agree',
  aforementioned: 'this',
  disseminate: 'spread',
  elucidate: 'explain',
  'interpose no objection': 'not object',
  promulgate: 'issue',
  remuneration: 'pay',
  'successfully complete': 'complete',
  'readily apparent': 'clear',
  'various different': 'various',
  'this day and age': 'today',
  'is in consonance with': 'agrees with',
  'it is essential': 'it must',
  herein: 'here',
  herewith: 'here',
  therein: 'there',
  thereof: 'of it',
  procure: 'get',
  proficiency: 'skill',
  practicable: 'practical',
  methodology: 'method',
  expeditious: 'fast',
  equitable: 'fair',
  belated: 'late',
  caveat: 'warning',
};

export const simplerWords = defineRule({
  id: 'clarity/simpler-words',
  category: 'clarity',
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
