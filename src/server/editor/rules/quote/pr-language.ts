import { defineRule } from '../rule';
import type { Hit } from '../rule';
import { quotations } from './quotations';

export const PR_LANGUAGE =
  /\b(?:we(?:'re|’re| are)|i(?:'m|’m| am)|we were|i was)\s+(?:so\s+|very\s+|really\s+|truly\s+|incredibly\s+|extremely\s+)?(?:excited|thrilled|pleased|delighted|proud|honored|honoured|happy|glad|grateful|humbled|eager)\b|couldn['’]?t be (?:happier|prouder|more excited|more pleased|more thrilled)|look(?:ing)? forward to|\b(?:world|best)-class\b|state-of-the-art|committed to (?:providing|serving|delivering|excellence)|dedicated to (?:providing|serving)|passionate about|exciting (?:time|opportunity|new chapter|milestone|partnership)|(?:great|exciting|historic) (?:day|news|opportunity) for|valued (?:customers|members|partners|clients)|(?:proud|pleased|thrilled|excited|happy|delighted) to (?:announce|welcome|offer|serve|partner|join|bring|be part|introduce|open|launch)|top-notch|second to none|win-win|new chapter|next level|we (?:strive|aim) to|exceptional (?:care|service|experience)|unparalleled/i;

export const prLanguage = defineRule({
  id: 'quote/pr-language',
  category: 'quote',
  explanation:
    'A quote should say something only that person could say; promotional language (we are excited, we couldn’t be happier) adds nothing, so paraphrase or cut it.',
  autoFix: false,
  check(doc) {
    const hits: Hit[] = [];
    for (const q of quotations(doc)) {
      if (!PR_LANGUAGE.test(q.content)) continue;
      hits.push({
        start: q.start,
        end: q.end,
        message: 'Weak quote: empty promotional language. Ask the source for something specific, or cut it.',
        suggestion: null,
      });
    }
    return hits;
  },
});
