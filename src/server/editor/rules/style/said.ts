import { matchCase } from '../../text/words';
import { defineRule, scan, wordRegex } from '../rule';

const ALTERNATIVES =
  'stated|states|commented|comments|remarked|remarks|exclaimed|declared|declares|asserted|asserts|opined|opines|noted|notes|claimed|claims|mentioned|mentions|shared|shares|quipped|related|expressed|affirmed|proclaimed|conveyed';

export const said = defineRule({
  id: 'style/said',
  category: 'style',
  explanation:
    '"Said" is the neutral attribution verb in news copy; stated, noted, claimed, remarked and the like add shades of meaning the source did not give.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    return scan(doc.outsideQuotes, wordRegex(ALTERNATIVES, 'giu'), (m) => {
      const word = m[0];
      const sentence = doc.sentenceAt(m.index);
      if (!sentence) return null;
      const hasQuote = doc.quotes.some((q) => q.start >= sentence.start - 2 && q.start < sentence.end);
      const before = text.slice(Math.max(sentence.start, m.index - 60), m.index);
      const after = text.slice(m.index + word.length, m.index + word.length + 40);
      const afterQuote = /["”]\s*$/.test(before) || /[,"”]\s*(?:\p{Lu}[\p{L}'’.-]*\s*){1,4}(?:,[^,]{1,60},\s*)?$/u.test(before);
      const thatClause =
        /^\s+that\b/.test(after) &&
        /(\p{Lu}[\p{L}'’-]+|\b(he|she|they|officials?|police|spokes\w+|mayor|chief|president|director|superintendent|sheriff|governor|manager|prosecutors?|attorney|chair\w*|commissioner|spokesperson))\s+$/u.test(
          before,
        );
      const endsClause = /^\s*[.,]/.test(after) && /(\p{Lu}[\p{L}'’-]+|\b(he|she|they))\s+$/u.test(before);
      // "Commissioner Ruth Abernathy stated the county received…": a named speaker and reported speech
      // only verbs of speech that cannot take an object: "declared a state of emergency", "shared the prize" and
      // "expressed her thanks" are not attributions
      const reported =
        /^(?:stated|states|remarked|remarks|asserted|asserts|opined|opines|commented|comments|exclaimed|quipped)$/i.test(word) &&
        /^\s+(the|a|an|it|he|she|they|there|this|its|their|his|her|we|residents|officials)\b/.test(after) &&
        /(?:\p{Lu}[\p{L}'’-]+\s+\p{Lu}[\p{L}'’-]+|\b(?:he|she|they|[Ss]pokes(?:man|woman|person)))\s+$/u.test(before);
      if (!(hasQuote && (afterQuote || /^\s+\p{Lu}/u.test(after))) && !thatClause && !endsClause && !reported) return null;
      const replacement = /s$/.test(word) && !/ed$/.test(word) ? 'says' : 'said';
      return {
        start: m.index,
        end: m.index + word.length,
        message: `Use "${replacement}" for attribution, not "${word}".`,
        suggestion: matchCase(word, replacement),
      };
    });
  },
});
