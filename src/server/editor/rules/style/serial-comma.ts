import { tokensIn } from '../../text/nlp';
import { defineRule, scan } from '../rule';

/** Words that show an item is a clause (a compound sentence keeps its comma before "and"). */
const CLAUSE_WORDS =
  /\b(he|she|they|it|we|i|you|there|is|are|was|were|has|have|had|will|would|can|could|should|said|says|did|does|do|who|which|that|where|when|while|because)\b/i;
const YEAR_OR_STATE =
  /^(\d{4}|Jr\.|Sr\.|Inc\.|[A-Z][a-z]*\.|[A-Z]\.[A-Z]\.|Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming|D\.C\.)$/;

export const serialComma = defineRule({
  id: 'style/serial-comma',
  category: 'style',
  explanation: 'AP style puts no comma before the "and" or "or" that ends a simple series: red, white and blue.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    // item1, item2, and item3: items of one to four words
    const re =
      /(?<=[\p{L}\p{N}%)][^,.;:!?"“”()]{0,40}, )((?:[\p{L}\p{N}$'’%-]+ ){0,3}[\p{L}\p{N}$'’%-]+), (and|or) ([\p{L}\p{N}$'’-]+(?: [\p{L}\p{N}$'’-]+)?)/gu;
    return scan(text, re, (m) => {
      const item2 = m[1]!;
      const start = m.index;
      const end = start + item2.length + 2 + m[2]!.length;
      const sentence = doc.sentenceAt(start);
      if (!sentence) return null;
      if (CLAUSE_WORDS.test(item2) || CLAUSE_WORDS.test(m[3]!.split(' ')[0]!)) return null;
      if (YEAR_OR_STATE.test(item2)) return null;
      // item 1 is the stretch before the comma that precedes item 2
      const lead = text.slice(sentence.start, start - 2);
      const item1 = lead.slice(Math.max(lead.lastIndexOf(','), lead.lastIndexOf(':')) + 1).trim();
      const item1Last = item1.split(/\s+/).slice(-4).join(' ');
      if (!item1 || (/^\d{1,2}$/.test(item1Last.split(' ').pop() ?? '') && /[A-Z][a-z]{2}\.?\s\d/.test(item1Last))) return null; // Oct. 3, 2024, and
      // "born in Columbia, South Carolina, in 1950, and moved": a place set off by commas, not a series
      const item1Words = item1.split(/\s+/);
      if (YEAR_OR_STATE.test(item1Words.at(-1) ?? '') || YEAR_OR_STATE.test(item1Words.slice(-2).join(' '))) return null;
      // a second predicate after a phrase ("in 1950, and moved to Dayton"), not a series of verbs ("cleared, graded, and paved")
      const isVerb = (at: number) => {
        const t = tokensIn(doc, at, at + 1)[0];
        return !!t && t.pos === 'VERB' && /(?:ed|[^s]s)$/.test(t.text);
      };
      if (isVerb(end + 1) && !isVerb(start)) return null;
      // an appositive, not a series item: "The agency, known as TriMet, and the union", "Jane Roe, 45, and her son", "Smith, the mayor, and his wife"
      if (/^(?:\d+|known|called|named|based|located|who|which|whose|now|formerly)\b/i.test(item2)) return null;
      if (
        /^(?:the|a|an|his|her|its|their|our|my|your)\b/i.test(item2) &&
        /^\p{Lu}/u.test(item1.split(/\s+/).pop() ?? '') &&
        !/^(?:the|a|an|his|her|its|their|our|my|your)\b/i.test(item1)
      )
        return null;
      // a complex series keeps the comma when its last item holds a conjunction ("toast, juice, and ham and eggs")
      if (/ (?:and|or)$/i.test(m[3]!) || /^\s+(?:and|or)\b/i.test(text.slice(m.index + m[0].length, m.index + m[0].length + 5)))
        return null;
      return { start, end, message: `Drop the comma before "${m[2]}" in a simple series.`, suggestion: `${item2} ${m[2]}` };
    });
  },
});
