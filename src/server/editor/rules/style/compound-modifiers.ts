import { SPELLED_ANY } from '../../text/numbers';
import { tokensIn } from '../../text/nlp';
import { defineRule, scan, wordRegex } from '../rule';

const UNITS =
  'year|month|week|day|hour|minute|second|mile|foot|inch|yard|acre|story|page|point|game|mile|meter|kilometer|pound|ton|gallon|bed|unit|room|lane|member|seat|vote|man|person';

/**
 * A number and a singular unit that together describe a noun are one word:
 * "an 81-year-old woman", "an 8-mile stretch", "a three-hour meeting". The
 * singular unit gives it away ("81 year old", "20 minute delay"): a count of
 * units standing alone is plural ("20 minutes").
 */
export const compoundModifiers = defineRule({
  id: 'style/compound-modifiers',
  category: 'style',
  explanation:
    'A number and a unit that together describe a noun are hyphenated, as AP writes them: an 81-year-old woman, an 8-mile stretch, a three-hour meeting.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    const age = scan(
      doc.outsideQuotes,
      wordRegex(
        `(\\d+|${SPELLED_ANY})(?:(\\s+)(years?|months?|weeks?|days?)(-)old|(-)(years?|months?|weeks?|days?)(\\s+)old|(\\s+)(year|month|week|day)(\\s+)old)`,
        'giu',
      ),
      (m) => {
        const unit = (m[3] ?? m[6] ?? m[9])!;
        // "5 years-old" is a typo of the predicate "5 years old" as often as of the modifier; only the singular unit is sure
        if (/s$/i.test(unit)) return null;
        const right = `${m[1]}-${unit}-old`;
        return {
          start: m.index,
          end: m.index + m[0].length,
          message: `Hyphenate the age used as a modifier or a noun: "${right}".`,
          suggestion: right,
        };
      },
    );
    const measures = scan(doc.outsideQuotes, wordRegex(`(\\d[\\d,.]*|${SPELLED_ANY})\\s+(${UNITS})(?=\\s+(\\p{L}+))`, 'giu'), (m) => {
      const unitEnd = m.index + m[0].length;
      const next = tokensIn(doc, unitEnd, unitEnd + 1 + (m[3]?.length ?? 0) + 1).find((t) => t.start > unitEnd);
      // "a 20 minute delay": the word after the unit is what the compound describes
      if (!next || (next.pos !== 'NOUN' && next.pos !== 'ADJ') || /^old$/i.test(next.text)) return null;
      if (
        next.pos === 'ADJ' &&
        !tokensIn(doc, next.end, next.end + 30)
          .slice(0, 1)
          .some((t) => t.pos === 'NOUN')
      )
        return null;
      const before = text.slice(Math.max(0, m.index - 12), m.index);
      // a modifier comes after an article or a possessive; "won by 12 point margins" is rare, "scored 12 points" is plural anyway
      if (!/(?:\b(?:a|an|the|its|their|his|her|our|this|that|each|every)|['’]s)\s+$/i.test(before)) return null;
      const right = `${m[1]}-${m[2]}`;
      return { start: m.index, end: m.index + m[0].length, message: `Hyphenate the compound modifier: "${right}".`, suggestion: right };
    });
    return [...age, ...measures];
  },
});
