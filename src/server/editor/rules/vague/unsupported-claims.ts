import { defineRule, scan, wordRegex } from '../rule';

/** Claims of standing a press release makes for itself: "a leading provider", "world-renowned". */
const PUFFERY =
  "(?:a|the|(?:the\\s+)?[\\p{L}-]+[’']s)\\s+(?:leading|premier|preeminent|foremost|top)\\s+(?:provider|maker|manufacturer|supplier|developer|producer|operator|destination|expert|authority|name|voice|company|firm|institution|organization)s?|one\\s+of\\s+the\\s+(?:nation|country|state|region|world|area|industry)[’']s\\s+(?:leading|premier|top|foremost|best)|(?:industry|market)-leading|(?:world|nationally|internationally)[- ](?:renowned|recognized|famous)|award-winning|renowned";
/** Common knowledge asserted, not reported: "It's no secret that", "everyone knows". */
const PRESUMED =
  "it[’']?s\\s+no\\s+secret|it\\s+is\\s+no\\s+secret|it\\s+is\\s+(?:well\\s+)?known\\s+that|(?:as\\s+)?everyone\\s+(?:(?:in|around|at)\\s+(?:\\p{Lu}[\\p{L}’'-]*\\s+){1,3}|here\\s+)?knows|(?:as\\s+)?everybody\\s+knows|needless\\s+to\\s+say|make\\s+no\\s+mistake|there\\s+is\\s+no\\s+doubt\\s+that|there[’']?s\\s+no\\s+doubt\\s+that|undeniabl[ey]|unquestionabl[ey]";

const ATTRIBUTED = /\b(?:said|says|according to|told|ranks?|ranked|named|rated)\b/i;

export const unsupportedClaims = defineRule({
  id: 'vague/unsupported-claims',
  category: 'vague',
  explanation:
    'A claim of standing ("a leading provider") or of common knowledge ("it\'s no secret that") needs a source or a fact behind it: say who ranks it, or report what shows it.',
  autoFix: false,
  check(doc) {
    const puffery = scan(doc.outsideQuotes, wordRegex(PUFFERY, 'giu'), (m) => {
      const sentence = doc.sentenceAt(m.index);
      if (!sentence || doc.inLayout(m.index)) return null;
      if (ATTRIBUTED.test(doc.outsideQuotes.slice(sentence.start, sentence.end))) return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `Unsupported claim: "${m[0]}". Who says so, by what measure?`,
        suggestion: null,
      };
    });
    const presumed = scan(doc.outsideQuotes, wordRegex(PRESUMED, 'giu'), (m) => ({
      start: m.index,
      end: m.index + m[0].length,
      message: `"${m[0]}" asserts what the story should show. Report the facts that make the point.`,
      suggestion: null,
    }));
    return [...puffery, ...presumed];
  },
});
