import { defineRule, scan, wordRegex } from '../rule';

const BE =
  '(?:is|are|was|were|has been|have been|had been|is being|are being|was being|were being|(?:(?:will|would|could|should|must|may|might|can)\\s+(?:(?:have|need)\\s+to\\s+)?|(?:has|have|had|needs?)\\s+to\\s+)be)';
/** An act named as a noun and then done by nobody: "a decision was made", "mistakes were made". */
const ABSTRACT = `(?:(?:a|the|an|no|some|several|many|final|difficult|tough|hard)\\s+)?(?:decisions?|mistakes?|errors?|choices?|determinations?|changes?|cuts?|recommendations?|exceptions?|commitments?|promises?|judgments?|calls?|efforts?|attempts?|moves?|steps?)\\s+${BE}\\s+(?:made|taken|reached|done|given|carried out)`;
/** "It is hoped that": the hoper is hidden. */
const IMPERSONAL = `it\\s+${BE}\\s+(?:hoped|decided|felt|determined|agreed|recommended|thought|deemed|considered|acknowledged)\\s+(?:that|to)`;
/** People acted on by someone the sentence never names. */
const DONE_TO = `${BE}\\s+(?:not\\s+|never\\s+)?(?:told|advised|instructed|informed|ordered|urged|targeted|encouraged|warned|notified)`;

export const hiddenActor = defineRule({
  id: 'clarity/hidden-actor',
  category: 'clarity',
  explanation:
    'A passive with no actor hides who is responsible ("a decision was made", "residents have been told"): say who decided, told or acted.',
  autoFix: false,
  check(doc) {
    const { text } = doc;
    return scan(doc.outsideQuotes, wordRegex(`${ABSTRACT}|${IMPERSONAL}|${DONE_TO}`, 'giu'), (m) => {
      const sentence = doc.sentenceAt(m.index);
      if (!sentence) return null;
      const after = text.slice(m.index + m[0].length, sentence.end);
      // the actor is named after all ("were told by the principal"), or the phrase is the idiom "were told to call police"
      if (/^\s+(?:\p{L}+\s+){0,4}by\s+(?!phone|email|mail|letter)/u.test(after)) return null;
      if (/^\s+to\s+(?:call|contact|report)\b/i.test(after)) return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `"${m[0]}" hides who acted. Name the person or body responsible.`,
        suggestion: null,
      };
    });
  },
});
