import { SPELLED_ANY, spelledValue } from '../../text/numbers';
import { defineRule, scan, wordRegex } from '../rule';

export const ages = defineRule({
  id: 'style/ages',
  category: 'style',
  explanation: 'AP style always uses figures for ages, even below 10: a 5-year-old, the girl is 7 years old.',
  autoFix: true,
  check(doc) {
    return scan(doc.text, wordRegex(`(${SPELLED_ANY})(?=(?:-|\\s)(?:years?|months?)(?:-|\\s)old)`, 'giu'), (m) => {
      if (doc.startsSentence(m.index)) return null;
      const n = spelledValue(m[1]!);
      if (n === null) return null;
      return { start: m.index, end: m.index + m[0].length, message: `Use the figure ${n} for an age.`, suggestion: String(n) };
    });
  },
});
