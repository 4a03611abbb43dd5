import { defineRule, scan } from '../rule';

const ALLOWED = new Set(['had', 'that', 'is', 'no', 'so', 'bye', 'very', 'ha', 'do', 'her']);

export const repeatedWords = defineRule({
  id: 'grammar/repeated-words',
  category: 'grammar',
  actions: ['concise', 'readability'],
  explanation: 'A word typed twice is a slip readers notice at once.',
  autoFix: true,
  check(doc) {
    return scan(doc.text, /(?<![\p{L}\p{N}'’])([\p{L}]+)\s+\1(?![\p{L}\p{N}'’])/giu, (m) => {
      const word = m[1]!;
      if (ALLOWED.has(word.toLowerCase())) return null;
      const second = m[0].slice(m[0].length - word.length);
      if (second !== word && second.toLowerCase() !== word.toLowerCase()) return null;
      if (/^\p{Lu}/u.test(second)) return null; // a name: Walla Walla, Sing Sing, Duran Duran
      if (m[0].includes('\n')) return null; // a heading over a line that begins with the same word
      return { start: m.index, end: m.index + m[0].length, message: `"${word}" is repeated.`, suggestion: word };
    });
  },
});
