import { defineRule } from '../rule';
import type { Hit } from '../rule';
import { quotations } from './quotations';

export const unattributed = defineRule({
  id: 'quote/unattributed',
  category: 'quote',
  explanation: 'Every quote needs its speaker named in the same paragraph, so readers know who said it and can weigh it.',
  autoFix: false,
  check(doc) {
    const hits: Hit[] = [];
    for (const q of quotations(doc)) {
      if (q.attributed) continue;
      hits.push({ start: q.start, end: q.end, message: 'Unattributed quote: say who said it.', suggestion: null });
    }
    return hits;
  },
});
