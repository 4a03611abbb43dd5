import { defineRule, scan, wordRegex } from '../rule';

/** Words that may sit between the arrest and its reason: "arrested Friday night in Duluth for". */
const BETWEEN = "(?:\\s+(?!on\\b|after\\b|and\\b|but\\b|while\\b|when\\b|because\\b|following\\b)[\\p{L}\\p{N}'’.-]+){0,6}?";
/** Reasons that are a record, not an accusation of the act: a warrant for not appearing, "for questioning". */
const NOT_AN_ACT =
  /^(?:questioning|being|allegedly|possibly|reportedly|failing\s+to\s+appear|violating\s+(?:probation|parole|(?:a|an|the|her|his)\s+(?:protective|restraining|no-contact)\s+order))/i;

export const arrestPresumption = defineRule({
  id: 'legal/arrest-presumption',
  category: 'legal',
  explanation:
    'An arrest is not proof: "arrested for stealing" says the person stole; write "arrested on suspicion of" or "charged with" until a court decides.',
  autoFix: false,
  check(doc) {
    const { text } = doc;
    return scan(
      doc.outsideQuotes,
      wordRegex(
        `(?:arrested|jailed|detained|booked|locked up|taken into custody|picked up|apprehended|nabbed|busted)${BETWEEN}\\s+for\\s+([\\p{L}-]+ing)`,
        'giu',
      ),
      (m) => {
        const act = m.index + m[0].length - m[1]!.length;
        if (NOT_AN_ACT.test(text.slice(act, act + 60))) return null;
        const sentence = doc.sentenceAt(m.index);
        if (sentence && /\b(?:convicted|pleaded guilty|found guilty)\b/i.test(sentence.text)) return null;
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
