import { SPELLED_10_TO_99, spelledValue } from '../../text/numbers';
import { defineRule, scan, wordRegex } from '../rule';

export const largeNumbers = defineRule({
  id: 'style/large-numbers',
  category: 'style',
  explanation: 'AP style uses figures for numbers 10 and above; spell a number out only when it starts a sentence.',
  autoFix: true,
  check(doc) {
    return scan(doc.text, wordRegex(SPELLED_10_TO_99, 'gu'), (m) => {
      if (doc.startsSentence(m.index)) return null;
      if (/^[-\s](?:years?|months?)[-\s]old/i.test(doc.text.slice(m.index + m[0].length, m.index + m[0].length + 12))) return null; // style/ages
      const value = spelledValue(m[0]);
      if (value === null) return null;
      return { start: m.index, end: m.index + m[0].length, message: `Use the figure ${value}.`, suggestion: String(value) };
    });
  },
});
