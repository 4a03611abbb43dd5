import { namesSomeone } from '../../text/nlp';
import { defineRule, scan, wordRegex } from '../rule';

const STUDY =
  '(?:an?|one|the|new|recent|latest|national|federal|state|university|independent|internal|\\s)*(?:study|studies|survey|poll|report|analysis|research|review|paper)\\s+(?:\\p{L}+\\s+){0,2}?(?:found|finds|find|shows?|showed|suggests?|suggested|concluded|concludes|indicates?|indicated|says|said|estimated|estimates|linked|links)';
const SOURCED = /\b(?:published|journal|conducted by|by researchers at|led by|according to|commissioned by|released by|et al)\b/i;

export const studyWithoutSource = defineRule({
  id: 'context/study-without-source',
  category: 'context',
  explanation: 'A study is only as good as who did it: name the researchers or institution, where it was published and how large it was.',
  autoFix: false,
  check(doc) {
    return scan(doc.outsideQuotes, wordRegex(STUDY, 'giu'), (m) => {
      const sentence = doc.sentenceAt(m.index);
      if (!sentence) return null;
      const next = doc.sentences[sentence.index + 1];
      const to = next && next.paragraph === sentence.paragraph ? next.end : sentence.end;
      const window = doc.text.slice(sentence.start, to);
      if (SOURCED.test(window) || namesSomeone(doc, sentence.start, to)) return null;
      // an owner names the source: "the state auditor's report", "the district's own survey"
      if (
        /['’]s?\s+(?:own\s+|new\s+|latest\s+|annual\s+)?$/u.test(
          doc.text.slice(Math.max(sentence.start, m.index - 12), m.index + (m[0].length - m[0].trimStart().length)),
        )
      )
        return null;
      const start = m.index + (m[0].length - m[0].trimStart().length);
      return {
        start,
        end: m.index + m[0].length,
        message: 'Which study? Name who did it, where it was published and how many it covered.',
        suggestion: null,
      };
    });
  },
});
