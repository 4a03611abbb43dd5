import { defineRule, scan, wordRegex } from '../rule';

const VERB =
  '(?=\\s+(?:said|says|say|told|familiar|close|with knowledge|confirmed|who (?:asked|requested|spoke|declined|was not|is not|were not|are not)))';
const ANONYMOUS = [
  '(?:people|a person|someone|an official|officials)\\s+(?:familiar with|close to|with knowledge of)',
  `(?:a|one|another|two|three|several|multiple|unnamed|anonymous)\\s+(?:[a-z-]+\\s+)?(?:source|sources|official|officials|insider|insiders|person|people|employee|employees|staffer|staffers|aide|aides)${VERB}`,
  `(?:sources|insiders)${VERB}`,
].join('|');
/** Phrases that give the reader the reason for anonymity, as AP requires. */
const REASON =
  /\b(because (?:they|he|she) (?:was|were|is|are) not authorized|not authorized to|on (?:the )?condition of anonymity because|requested anonymity because|asked not to be (?:named|identified) because|for fear of|fearing|to protect|because of the sensitivity|because the (?:matter|investigation|talks|negotiations) (?:is|are|was|were))\b/i;

export const anonymousSources = defineRule({
  id: 'context/anonymous-sources',
  category: 'context',
  explanation: 'AP allows an anonymous source only when the story says why the source could not be named and how the source knows.',
  autoFix: false,
  check(doc) {
    return scan(doc.outsideQuotes, wordRegex(ANONYMOUS, 'giu'), (m) => {
      const sentence = doc.sentenceAt(m.index);
      if (!sentence) return null;
      const next = doc.sentences[sentence.index + 1];
      const window = doc.text.slice(sentence.start, next ? next.end : sentence.end);
      if (REASON.test(window)) return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `Anonymous source: say why "${m[0]}" could not be named.`,
        suggestion: null,
      };
    });
  },
});
