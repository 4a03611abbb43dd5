import { defineRule, scan, wordRegex } from '../rule';

export const fillerWords = defineRule({
  id: 'clarity/filler-words',
  category: 'clarity',
  actions: ['concise', 'readability', 'professional', 'simplify'],
  explanation: 'Intensifiers such as very, really and actually add length, not meaning: cut them or use a stronger word.',
  autoFix: true,
  check(doc) {
    return scan(doc.outsideQuotes, wordRegex('very|really|actually|basically|literally|totally|truly|quite', 'giu'), (m) => {
      const next = doc.text.slice(m.index + m[0].length, m.index + m[0].length + 16);
      if (/^\s+(much|few|many|little|well|same|first|last|best|least|end|beginning|top|bottom|start|own|next|likely|a\b|an\b)/i.test(next))
        return null;
      if (/^\s*[,.;:!?]/.test(next) || doc.startsSentence(m.index)) return null;
      if (/\bthe\s+$/i.test(doc.text.slice(Math.max(0, m.index - 5), m.index))) return null;
      // after a negation the word sets the degree: "not quite finished" is not "not finished"
      if (/(?:\bnot|n['’]t|\bnever|\bno)\s+$/i.test(doc.text.slice(Math.max(0, m.index - 8), m.index))) return null;
      // "quite" means "completely" as often as "somewhat", so only the writer knows what cutting it loses
      const suggestion = /^quite$/i.test(m[0]) ? null : '';
      return { start: m.index, end: m.index + m[0].length, message: `Filler: cut "${m[0]}".`, suggestion };
    });
  },
});
