import { namesSomeone } from '../../text/nlp';
import { defineRule, scan, wordRegex } from '../rule';

const STUDY =
  '(?:an?|one|the|new|recent|latest|national|federal|state|university|independent|internal|\\s)*(?:study|studies|survey|poll|report|analysis|research|review|paper)\\s+(?:\\p{L}+\\s+){0,2}?(?:found|finds|find|shows?|showed|suggests?|suggested|concluded|concludes|indicates?|indicated|says|said|estimated|estimates|linked|links|(?:has|have)\\s+(?:shown|found|suggested|concluded|linked|indicated))';
/** "according to a study released this week": a study as the source, with nothing about it. */
const ACCORDING_TO_A_STUDY =
  'according to (?:a|an|one)\\s+(?:(?:new|recent|latest|national|federal|large|needs|internal|preliminary|draft|feasibility|market|impact|independent)\\s+){0,2}(?:(?!(?:by|from|of|staff|city|county|state|police|district|school|board|court|company|department|agency|federal|audit)\\b)\\p{Ll}+\\s+)?(?:study|survey|report|analysis|poll|paper|assessment|audit|evaluation|estimate)(?!\\s+(?:by|from|of|in|for|conducted|published|commissioned|led|funded)\\b)(?:\\s+(?:released|issued|out|made public)(?!\\s+(?:by|in)\\b)(?:\\s+(?:this|last)\\s+(?:week|month|year))?)?';
const SOURCED = /\b(?:published|journal|conducted by|by researchers at|led by|according to|commissioned by|released by|et al)\b/i;

/** "a study published Wednesday by researchers at X": who, but not where; a reader weighs a study by its journal. */
const PUBLISHED_STUDY =
  '(?:a|the|their|new)\\s+(?:study|paper|report|findings|results)(?:,)?\\s+(?:published|released)\\s+(?:(?:on\\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|this\\s+week|last\\s+week|last\\s+month|this\\s+month|online|recently)\\b)?';
const JOURNAL =
  /\b(?:journal|lancet|nature|science|jama|plos|pediatrics|proceedings|bmj|cell|the new england|annals|review|bulletin|preprint|medrxiv|biorxiv|arxiv)\b|\bpublished\s+(?:\S+\s+){0,3}?in\s+(?:the\s+)?\p{Lu}/iu;

export const studyWithoutSource = defineRule({
  id: 'context/study-without-source',
  category: 'context',
  explanation: 'A study is only as good as who did it: name the researchers or institution, where it was published and how large it was.',
  autoFix: false,
  check(doc) {
    const unpublished = JOURNAL.test(doc.text)
      ? []
      : scan(doc.outsideQuotes, wordRegex(PUBLISHED_STUDY, 'giu'), (m) => ({
          start: m.index,
          end: m.index + m[0].length,
          message: 'Published where? Name the journal, or say the study has not been peer-reviewed.',
          suggestion: null,
        }));
    return [
      ...scan(doc.outsideQuotes, wordRegex(`${STUDY}|${ACCORDING_TO_A_STUDY}`, 'giu'), (m) => {
        // the match can open on the space before its first word, which belongs to the sentence before
        const sentence = doc.sentenceAt(m.index + (m[0].length - m[0].trimStart().length));
        if (!sentence) return null;
        const next = doc.sentences[sentence.index + 1];
        const to = next && next.paragraph === sentence.paragraph ? next.end : sentence.end;
        const window = doc.text.slice(sentence.start, to);
        // a name counts as the source only before the finding or after "by", "from", "at" or "of" ("a Gallup poll showed", "a study by Ames"), not as its subject ("showed Dunn leading")
        const matchEnd = m.index + m[0].length;
        if (
          SOURCED.test(window.replace(m[0].trim(), ' ')) ||
          namesSomeone(doc, sentence.start, matchEnd) ||
          /\b(?:by|from|at|of|for)\s+(?:the\s+)?\p{Lu}/u.test(window)
        )
          return null;
        // "the study found" points back to a study the story has already sourced
        if (
          /^\s*(?:the|that|this)\b/i.test(m[0]) &&
          doc.sentences.some(
            (s) =>
              s.end <= sentence.start && /\b(?:study|survey|report|analysis|research|paper|poll)\b/i.test(s.text) && SOURCED.test(s.text),
          )
        )
          return null;
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
      }),
      ...unpublished,
    ].filter((h, i, all) => !all.some((o, j) => j < i && o.start < h.end && h.start < o.end));
  },
});
