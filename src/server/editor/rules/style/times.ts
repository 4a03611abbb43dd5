import { defineRule, scan } from '../rule';

const TIME_RE =
  /(?<![\p{L}\p{N}:.])(\d{1,2})(?::(\d{2}))?(\s?)(a\.\s?m\.?|p\.\s?m\.?|am|pm|AM|PM|A\.M\.?|P\.M\.?|Am|Pm)(?![\p{L}])|(?<![\p{L}])12(\s+)(noon|midnight)(?![\p{L}])/gu;

/** The AP form of a clock time: 7 p.m., 7:30 a.m., noon, midnight. */
export function apTime(hour: number, minutes: string | undefined, meridiem: 'a.m.' | 'p.m.'): string {
  if (hour === 12 && (!minutes || minutes === '00')) return meridiem === 'p.m.' ? 'noon' : 'midnight';
  return `${hour}${minutes && minutes !== '00' ? `:${minutes}` : ''} ${meridiem}`;
}

export const times = defineRule({
  id: 'style/times',
  category: 'style',
  explanation:
    'AP style writes times as figures with lowercase a.m. or p.m. after a space (7 p.m., 7:30 a.m.), drops :00, and uses noon and midnight instead of 12 p.m. and 12 a.m.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    return scan(text, TIME_RE, (m) => {
      if (m[6]) return { start: m.index, end: m.index + m[0].length, message: `Write "${m[6]}" alone; 12 is redundant.`, suggestion: m[6] };
      const hour = Number(m[1]);
      if (hour > 12 || (hour === 0 && !m[2])) return null;
      let token = m[4]!;
      let whole = m[0];
      // a sentence-ending "a.m." shares its period with the sentence
      if (/^[ap]\.\s?m$/i.test(token) && text[m.index + whole.length] === '.') {
        token += '.';
        whole += '.';
      }
      const meridiem = token.toLowerCase().startsWith('a') ? 'a.m.' : 'p.m.';
      const right = apTime(hour, m[2], meridiem);
      if (whole === right) return null;
      const why = right === 'noon' || right === 'midnight' ? `use "${right}"` : m[2] === '00' ? 'drop the ":00"' : `write "${right}"`;
      return { start: m.index, end: m.index + whole.length, message: `Time style: ${why}.`, suggestion: right };
    });
  },
});
