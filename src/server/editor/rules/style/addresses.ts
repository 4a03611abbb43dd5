import { defineRule, scan } from '../rule';
import type { Hit } from '../rule';

const LONG: Record<string, string> = { Street: 'St.', Avenue: 'Ave.', Boulevard: 'Blvd.' };
const SHORT: Record<string, string> = { 'St.': 'Street', 'Ave.': 'Avenue', 'Blvd.': 'Boulevard' };

export const addresses = defineRule({
  id: 'style/addresses',
  category: 'style',
  explanation:
    'AP style abbreviates Street, Avenue and Boulevard only with a numbered address (101 Main St.) and spells them out otherwise (Main Street).',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    const hits: Hit[] = scan(
      text,
      /(?<![\p{L}\p{N}])(\d+ (?:[NSEW]\. )?(?:\p{Lu}[\p{L}'’-]*|\d+(?:st|nd|rd|th)) )(Street|Avenue|Boulevard)(?![\p{L}])/gu,
      (m) => {
        const word = m[2]!;
        const start = m.index + m[1]!.length;
        return {
          start,
          end: start + word.length,
          message: `Abbreviate "${word}" as "${LONG[word]}" in a numbered address.`,
          suggestion: LONG[word]!,
        };
      },
    );
    hits.push(
      ...scan(text, /(?<=(?<![\p{N}] )\p{Lu}[\p{L}'’-]+ )(St\.|Ave\.|Blvd\.)(?!\s*\p{Lu})/gu, (m) => {
        const before = text.slice(Math.max(0, m.index - 30), m.index);
        if (/\d+\s+(?:[NSEW]\.\s+)?(?:\p{Lu}[\p{L}'’-]+\s+)+$/u.test(before)) return null; // 1120 W. Lake St.
        const abbr = m[1]!;
        return {
          start: m.index,
          end: m.index + abbr.length,
          message: `Spell out "${SHORT[abbr]}" without a street number.`,
          suggestion: SHORT[abbr]!,
        };
      }),
    );
    return hits;
  },
});
