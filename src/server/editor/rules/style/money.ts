import { SPELLED_ANY, spelledValue } from '../../text/numbers';
import { defineRule, scan, wordRegex } from '../rule';
import type { Hit } from '../rule';

export const money = defineRule({
  id: 'style/money',
  category: 'style',
  actions: ['concise'],
  explanation:
    'AP style writes money with the dollar sign and figures ($5, $30 million), never "dollars" after the number, and drops ".00" from whole amounts.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    const hits: Hit[] = [];
    hits.push(
      ...scan(
        text,
        wordRegex(`(\\$?)(\\d[\\d,]*(?:\\.\\d+)?|${SPELLED_ANY})(\\s+(?:million|billion|trillion))?\\s+dollars?`, 'giu'),
        (m) => {
          const raw = m[2]!;
          const value = /\d/.test(raw) ? raw : spelledValue(raw);
          if (value === null) return null;
          const right = `$${value}${m[3] ? ` ${m[3].trim().toLowerCase()}` : ''}`;
          return { start: m.index, end: m.index + m[0].length, message: `Write "${right}".`, suggestion: right };
        },
      ),
    );
    // "$475k", "$2.5M": a listing's shorthand, spelled out in news copy
    hits.push(
      ...scan(doc.outsideQuotes, /\$(\d{1,3}(?:\.\d+)?)\s?([kKmMbB])(?![\p{L}])/gu, (m) => {
        const unit = m[2]!.toLowerCase();
        const right =
          unit === 'k' && !m[1]!.includes('.') ? `$${m[1]},000` : unit === 'k' ? null : `$${m[1]} ${unit === 'm' ? 'million' : 'billion'}`;
        return {
          start: m.index,
          end: m.index + m[0].length,
          message: `Spell out the amount: ${right ? `"${right}"` : 'write the figure in full'}.`,
          suggestion: right,
        };
      }),
    );
    hits.push(
      ...scan(text, /\$(\d[\d,]*)\.00(?!\d)/g, (m) => ({
        start: m.index,
        end: m.index + m[0].length,
        message: `Write "$${m[1]}" without ".00".`,
        suggestion: `$${m[1]}`,
      })),
    );
    hits.push(
      ...scan(text, /\$0?\.(\d\d)(?!\d)/g, (m) => {
        const cents = Number(m[1]);
        return {
          start: m.index,
          end: m.index + m[0].length,
          message: `Write amounts under a dollar in cents: "${cents} cents".`,
          suggestion: `${cents} cents`,
        };
      }),
    );
    return hits;
  },
});
