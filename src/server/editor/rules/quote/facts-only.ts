import { defineRule } from '../rule';
import type { Hit } from '../rule';
import { isLogistics } from './logistics';
import { PR_LANGUAGE } from './pr-language';
import { FIRST_PERSON, OPINION, quotations } from './quotations';

/**
 * A memory of someone, what they did, knew or were like: what an obituary or profile quotes a friend for,
 * however many years it counts ("she remembered them 24 years later", "he never missed a game in 30 years").
 */
const REMEMBRANCE =
  /\b(?:remember|remembers|remembered|recalled|recalls|knew|know|always|used to|would always|never (?:missed|forgot|once|turned|said|asked|complained)|every (?:kid|child|student|player|customer|patient|neighbor|family|one of)|everybody|everyone|kind|kindest|generous|gentle|loved|cared|care about|took care|made sure|treated|taught|teach|his heart|her heart|the kind of)\b/i;

export const factsOnly = defineRule({
  id: 'quote/facts-only',
  category: 'quote',
  explanation:
    'A quote that only states facts and figures wastes the source’s voice: paraphrase the facts and quote the person’s view or experience.',
  autoFix: false,
  check(doc) {
    const hits: Hit[] = [];
    for (const q of quotations(doc)) {
      if (q.words < 6 || !/\d/.test(q.content) || FIRST_PERSON.test(q.content) || OPINION.test(q.content)) continue;
      if (isLogistics(q.content, q.words) || PR_LANGUAGE.test(q.content) || REMEMBRANCE.test(q.content)) continue;
      hits.push({
        start: q.start,
        end: q.end,
        message: 'Weak quote: it only states facts. Paraphrase them and quote what the source thinks or saw.',
        suggestion: null,
      });
    }
    return hits;
  },
});
