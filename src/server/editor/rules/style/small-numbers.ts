import { spell } from '../../text/numbers';
import { defineRule, scan } from '../rule';

/** Words after a figure that keep it a figure under AP style (ages, money, measures, times, scores). */
const FIGURE_UNITS = new Set(
  (
    'percent per % dollars dollar million billion trillion a.m a.m. p.m p.m. am pm mph mpg miles mile feet foot ft inches inch yards yard meters meter km kilometers ' +
    'pounds pound lbs ounces ounce oz tons ton degrees degree acres acre cents cent points point votes vote percentage gallons gallon liters ' +
    'kilograms kg grams seconds-old years-old year-old months-old weeks-old days-old x by- ' +
    // AP's times entry: figures for hours, minutes and seconds (8 hours, 30 minutes, 20 seconds)
    'hours hour hrs minutes minute mins seconds second'
  ).split(' '),
);
/** Words before a figure that make it a label rather than a count. */
const LABEL_WORDS = new Set(
  (
    'no no. number route rte. highway hwy. interstate room suite apt. ward district precinct chapter section article page grade level game round step phase stage lane gate terminal platform track exit unit engine ladder squad station channel flight version vol. volume figure fig. table item lot box building floor line bus question proposition prop. measure category class size heat tier period quarter inning act scene season episode title chapter ' +
    'grades rooms districts precincts wards chapters pages exits gates lanes levels stages phases rounds tiers'
  ).split(' '),
);

export const smallNumbers = defineRule({
  id: 'style/small-numbers',
  category: 'style',
  explanation:
    'AP style spells out whole numbers from one to nine and uses figures for 10 and up, except for ages, money, percentages, times, dates, measurements and scores.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    return scan(
      text,
      /(?<![\p{L}\p{N}$€£.,:/#'’-])([1-9])(?![\p{N}:/%-]|[.,]\d|\s?%|st\b|nd\b|rd\b|th\b|s\b|\s*(?:to|and|or|-|in|of|x|through)\s+\d|[\s-]\d+\/\d)/gu,
      (m) => {
        const start = m.index;
        if (doc.startsSentence(start)) return null; // style/figure-at-start owns these
        const after = text.slice(start + 1, start + 24);
        const nextWord = (after.match(/^\s*([\p{L}.%-]+)/u)?.[1] ?? '').toLowerCase();
        if (FIGURE_UNITS.has(nextWord) || FIGURE_UNITS.has(nextWord.replace(/\.$/, '')) || /^-?(year|month|week|day)s?-old/.test(nextWord))
          return null;
        if (/^\s*(years?|months?|weeks?|days?)\s+old\b/i.test(after)) return null;
        if (/^\s*\p{Lu}/u.test(after)) return null; // "9 Main St.", "3 Doors Down"
        const before = text.slice(Math.max(0, start - 24), start);
        const prevWord = (before.match(/([\p{L}.'’-]+)\s*$/u)?.[1] ?? '').toLowerCase();
        if (LABEL_WORDS.has(prevWord) || /\p{Lu}[\p{L}.]*\s+$/u.test(before)) return null; // "Route 9", "Engine 5", "Dec. 9"
        if (/\d\s*(to|and|or|-|–|through|in)\s*$/.test(before) || /(between|from)\s+$/i.test(before)) return null; // ranges, 1 in 4
        if (/^\s+(?:o['’]clock|in the (?:morning|afternoon|evening)|at night)\b/i.test(after)) return null; // a time of day
        if (
          /\b(?:highs?|lows?|temperatures?|wind chills?|heat index|readings?)\s+(?:of|near|around|in the)\s+(?:about\s+|around\s+|near\s+)?$|\bminus\s+$/i.test(
            before,
          )
        )
          return null; // temperatures are figures
        const sentenceStart = doc.sentenceAt(start)?.start ?? 0;
        if (/\bage[sd]?\s+(?:\d+,?\s+(?:and\s+|or\s+)?)*$/i.test(text.slice(Math.max(sentenceStart, start - 40), start))) return null; // ages 2, 4 and 7
        if (/,\s*$/.test(before) && /^,/.test(after)) return null; // "Smith, 7," is an age
        if (/^\s*$/.test(text.slice(text.lastIndexOf('\n', start) + 1, start)) && /^[.)]/.test(after)) return null; // list numbering
        const n = Number(m[1]);
        return { start, end: start + 1, message: `Spell out ${n} as "${spell(n)}".`, suggestion: spell(n) };
      },
    );
  },
});
