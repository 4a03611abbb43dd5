import { retextMessages } from '../../retext';
import { defineRule } from '../rule';
import type { Hit } from '../rule';

export const redundantAcronyms = defineRule({
  id: 'clarity/redundant-acronyms',
  category: 'clarity',
  actions: ['concise', 'simplify'],
  explanation: 'An acronym already contains its last word: ATM machine repeats "machine", PIN number repeats "number".',
  autoFix: true,
  check(doc) {
    const hits: Hit[] = [];
    for (const m of retextMessages(doc)) {
      if (m.source !== 'retext-redundant-acronyms') continue;
      const acronym = m.actual.split(/\s+/)[0]!;
      hits.push({
        start: m.start,
        end: m.end,
        message: `Redundant: "${m.actual}" repeats what "${acronym}" stands for.`,
        suggestion: acronym,
      });
    }
    return hits;
  },
});
