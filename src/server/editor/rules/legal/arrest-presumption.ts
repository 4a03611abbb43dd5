import { tokensIn } from '../../text/nlp';
import { defineRule, scan, wordRegex } from '../rule';

export const arrestPresumption = defineRule({
  id: 'legal/arrest-presumption',
  category: 'legal',
  explanation:
    'An arrest is not proof: "arrested for stealing" says the person stole; write "arrested on suspicion of" or "charged with" until a court decides.',
  autoFix: false,
  check(doc) {
    return scan(
      doc.outsideQuotes,
      wordRegex(
        '(?:arrested|jailed|detained|booked|cited|locked up|taken into custody|picked up|apprehended)\\s+for\\s+(\\p{L}+ing)',
        'giu',
      ),
      (m) => {
        if (/^(?:questioning|being|allegedly|possibly)$/i.test(m[1]!)) return null;
        const verb = tokensIn(doc, m.index + m[0].length - m[1]!.length, m.index + m[0].length)[0];
        if (verb && verb.pos !== 'VERB') return null;
        return {
          start: m.index,
          end: m.index + m[0].length,
          message: `"${m[0]}" presumes guilt. Write "arrested on suspicion of ${m[1]}" or name the charge.`,
          suggestion: null,
        };
      },
    );
  },
});
