import { defineRule, scan, wordRegex } from '../rule';

const SPAN_OR_MEASURE =
  /^\s+(?:seconds|minutes|hours|days|nights|weeks|weekends|months|years|decades|generations|times|occasions|rounds|innings|quarters|seasons|miles|feet|yards|inches|meters|blocks|steps|inches|pounds|points|percentage points|degrees|stories|floors|pages|paragraphs|sentences|words)\b/i;

const STUDY = /\b(?:researchers?|study|studied|survey(?:ed)?|poll(?:ed)?|trial|experiment|sample|analy[sz]ed|followed)\b/i;

const TIME_UNITS =
  /^(?:second|minute|hour|day|night|week|weekend|month|year|decade|season|game|time|generation|inning|quarter|round|mile|step|page)s?$/i;
const TRENDS =
  '(?:a|an)\\s+(?:growing|increasing|rising|shrinking|declining|dwindling|record)\\s+number\\s+of|growing\\s+numbers\\s+of|more\\s+and\\s+more|fewer\\s+and\\s+fewer|(?:on|is\\s+on|are\\s+on)\\s+the\\s+(?:rise|decline|upswing|wane)(?:\\s+(?:lately|recently|of\\s+late))?|(?:rising|growing|increasing)\\s+steadily\\s+(?:lately|recently)|(?:dropping(?:\\s+off)?|falling(?:\\s+off)?|declining|slipping|rising|growing|climbing|increasing|decreasing)\\s+(?:for\\s+a\\s+while|for\\s+some\\s+time|lately|of\\s+late)';

export const weaselQuantities = defineRule({
  id: 'vague/weasel-quantities',
  category: 'vague',
  explanation:
    'Give the number: "many", "several", "resident after resident" and "a growing number of" tell readers nothing they can check.',
  autoFix: false,
  check(doc) {
    const { text } = doc;
    // "resident after resident", "business after business": a crowd with no count
    const repeated = scan(doc.outsideQuotes, /(?<![\p{L}])(\p{L}{3,})\s+after\s+\1(?![\p{L}])/giu, (m) => {
      if (TIME_UNITS.test(m[1]!)) return null; // "year after year" is a span, not a crowd
      return { start: m.index, end: m.index + m[0].length, message: `Vague quantity: "${m[0]}". How many?`, suggestion: null };
    });
    // a trend with no figure in its sentence: "a growing number of families", "on the rise lately"
    const trends = scan(doc.outsideQuotes, wordRegex(TRENDS, 'giu'), (m) => {
      const sentence = doc.sentenceAt(m.index);
      if (!sentence || /\d|\b(?:percent|doubled|tripled|twice|half)\b/i.test(doc.outsideQuotes.slice(sentence.start, sentence.end)))
        return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `Vague trend: "${m[0]}". Give the figures and the period.`,
        suggestion: null,
      };
    });
    return [
      ...repeated,
      ...trends,
      ...scan(
        doc.outsideQuotes,
        wordRegex(
          '(?:quite a few|a handful of|several|many|numerous|countless|a number of|a lot of|lots of|a host of|a slew of|a great deal of|a significant number of|a large number of|a good number of|untold|a multitude of|scores of)(?=\\s+[\\p{L}])',
          'giu',
        ),
        (m) => {
          const before = text.slice(Math.max(0, m.index - 12), m.index);
          const after = text.slice(m.index + m[0].length, m.index + m[0].length + 30);
          if (/\b(how|as|so|too|not|the|of|very)\s+$/i.test(before)) return null; // "how many", "as many as 40"
          if (/^\s+(of\s+(?:the|these|those|them|whom|which|its|their)\s+\d|more|times|years|months|weeks|days|\d)/i.test(after))
            return null;
          if (/^\s+(of|are|were|have|had|will|would|say|said|believe|agree)\b/i.test(after) && /^many$/i.test(m[0])) return null; // "many of", "many say" (vague/unnamed-sources)
          if (/^\s+(?:at|of|in|on|for|to)\b/i.test(after)) return null; // "lots of at least a quarter acre"
          // "several" is fair in a story ("several drivers said"); in a study's method it hides the sample size readers weigh
          if (/^several$/i.test(m[0])) {
            if (SPAN_OR_MEASURE.test(after) || /^\s+(?:other|more|new|of)\b/i.test(after)) return null;
            if (!STUDY.test(doc.sentenceAt(m.index)?.text ?? '')) return null;
          }
          const end = m.index + m[0].length + (after.match(/^\s+[\p{L}'’-]+/u)?.[0].length ?? 0);
          return { start: m.index, end, message: `Vague quantity: "${text.slice(m.index, end)}". How many?`, suggestion: null };
        },
      ),
    ];
  },
});
