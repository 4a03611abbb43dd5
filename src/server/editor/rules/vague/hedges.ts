import { defineRule, scan, wordRegex } from '../rule';

const HEDGES =
  'seems to|seem to|seemed to|appears to|appear to|appeared to(?= be| have)|it seems|it appears|may have|might have|could possibly|could potentially|may potentially|might potentially|widely (?:considered|regarded|seen|viewed|believed|thought)|possibly|perhaps|apparently|somewhat|sort of|kind of(?= a\\b| an\\b| \\p{Ll}+(?:ed|ing|ly)\\b)|arguably|presumably|supposedly|more or less|to some extent|to a certain extent|in some ways|it could be argued|one could argue|likely to have';

const ATTRIBUTED = /\b(?:said|says|told|according to)\b/i;

export const hedges = defineRule({
  id: 'vague/hedges',
  category: 'vague',
  explanation:
    'Report what is known and who says so; hedges such as "seems to", "apparently" or "may have" signal a fact the story has not nailed down.',
  autoFix: false,
  check(doc) {
    return scan(doc.outsideQuotes, wordRegex(HEDGES, 'giu'), (m) => {
      // an uncertainty someone states on the record is reported, not hedged ("people who may have been exposed, Wells said")
      const sentence = doc.sentenceAt(m.index);
      if (sentence && ATTRIBUTED.test(doc.outsideQuotes.slice(sentence.start, sentence.end))) return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `Hedge: "${m[0]}". Confirm the fact and attribute it, or say what is not known.`,
        suggestion: null,
      };
    });
  },
});
