import { spell } from '../../text/numbers';
import { matchCase } from '../../text/words';
import { defineRule } from '../rule';
import type { Hit } from '../rule';

export const figureAtStart = defineRule({
  id: 'style/figure-at-start',
  category: 'style',
  explanation: 'AP style never starts a sentence with a figure (years excepted): spell the number out or recast the sentence.',
  autoFix: true,
  check(doc) {
    const hits: Hit[] = [];
    for (const s of doc.sentences) {
      // not a date (9/11), a name (3M, 7-Eleven) or a list number ("1. Call the office")
      const m = s.text.match(/^["“‘(]?(\d[\d,]*(?:\.\d+)?)(?![\d:/\p{L}]|-\p{Lu}|[.)](?:\s|$))/u);
      if (!m) continue;
      const figure = m[1]!;
      if (/^(1[5-9]|20)\d\d$/.test(figure)) continue; // a year may start a sentence
      const start = s.start + m[0].length - figure.length;
      const n = Number(figure.replace(/,/g, ''));
      const canSpell = Number.isInteger(n) && n < 100 && !/^\s*(%|percent|million|billion|a\.m|p\.m)/i.test(s.text.slice(m[0].length));
      hits.push({
        start,
        end: start + figure.length,
        message: canSpell
          ? `Spell out "${figure}" at the start of a sentence.`
          : `Recast the sentence so it does not start with "${figure}".`,
        suggestion: canSpell ? matchCase('X', spell(n)) : null,
      });
    }
    return hits;
  },
});
