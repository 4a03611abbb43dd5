import { SPELLED_ANY, spelledValue } from '../../text/numbers';
import { defineRule, scan, wordRegex } from '../rule';

export const percentages = defineRule({
  id: 'style/percentages',
  category: 'style',
  explanation: 'AP style writes percentages as figures with "percent" (one word) or the % sign: 6 percent, 6%, never "six per cent".',
  autoFix: true,
  check(doc) {
    return scan(doc.text, wordRegex(`(?:(\\d[\\d,]*(?:\\.\\d+)?)|(${SPELLED_ANY}))(\\s+)(per\\s+cent|percent|per-cent)`, 'giu'), (m) => {
      const figure = m[1] ?? (m[2] ? spelledValue(m[2]) : null);
      if (figure === null) return null;
      const unit = m[4]!.toLowerCase() === 'percent' ? m[4]! : 'percent';
      const right = `${figure} ${unit}`;
      if (right === m[0]) return null;
      if (m[2] && doc.startsSentence(m.index) && unit === m[4]) return null; // spelled at the start of a sentence is correct
      return { start: m.index, end: m.index + m[0].length, message: `Write "${right}".`, suggestion: right };
    });
  },
});
