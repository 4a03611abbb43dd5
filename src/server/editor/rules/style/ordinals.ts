import { MONTH_FORMS } from '../../text/dates';
import { ordinalSuffix, ordinalWord, SPELLED_ORDINAL_10_PLUS, spelledOrdinalValue } from '../../text/numbers';
import { defineRule, scan, wordRegex } from '../rule';

export const ordinals = defineRule({
  id: 'style/ordinals',
  category: 'style',
  explanation:
    'AP style spells out first through ninth and uses figures for 10th and up; figures stay in names such as 1st District or 9th Circuit.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    const small = scan(text, /(?<![\p{L}\p{N}.,])([1-9])(st|nd|rd|th)(?![\p{L}\p{N}])/gu, (m) => {
      const before = text.slice(Math.max(0, m.index - 12), m.index);
      if (new RegExp(`${MONTH_FORMS}\\s*$`).test(before)) return null; // dates belong to style/dates
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 16);
      if (/^\s+\p{Lu}/u.test(after) || /^\s+of\s+\p{Lu}/u.test(after)) return null; // 1st District, 5th of May
      const word = ordinalWord(Number(m[1]))!;
      return { start: m.index, end: m.index + m[0].length, message: `Spell out "${m[0]}" as "${word}".`, suggestion: word };
    });
    const large = scan(text, wordRegex(SPELLED_ORDINAL_10_PLUS, 'gu'), (m) => {
      if (doc.startsSentence(m.index)) return null;
      const n = spelledOrdinalValue(m[0]);
      if (n === null) return null;
      const figure = `${n}${ordinalSuffix(n)}`;
      return { start: m.index, end: m.index + m[0].length, message: `Use the figure "${figure}".`, suggestion: figure };
    });
    return [...small, ...large];
  },
});
