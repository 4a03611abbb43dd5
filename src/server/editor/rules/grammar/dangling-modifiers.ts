import { tokensIn } from '../../text/nlp';
import { defineRule } from '../rule';
import type { Hit } from '../rule';

/** An opening participle phrase: "Having survived two recessions,", "After reviewing the bids,", "Walking to school,". */
const OPENING =
  /^["“]?((?:Having\s+(?!been\b)\p{Ll}+(?:ed|en|wn|ne|un|ung|ought|aught|ept|eft|ost|ade|old|ound|ood|it|ot)|(?:After|Before|While|Since|Upon|When)\s+\p{Ll}+ing|(?!(?:Following|Including|According|Concerning|Regarding|Considering|Excluding|Barring|Pending|Beginning|Starting|Depending|Assuming|Counting|Speaking|Judging|Notwithstanding|Nothing|Something|Everything|Morning|Evening|Spring|King|Sterling|Browning|Manning|Fleming|Harding|Banning|Reading|Lansing|Wyoming|Beijing|Redding)\b)\p{Lu}\p{Ll}+ing)\b[^,;:—]{3,120}),\s+/u;

/**
 * The subject after an opening participle is who did it. When that subject is
 * something owned ("the city's latest plan"), the owner was meant; when the
 * main clause is a passive ("the budget was approved"), nobody in it can have
 * done the opening act.
 */
export const danglingModifiers = defineRule({
  id: 'grammar/dangling-modifiers',
  category: 'grammar',
  explanation:
    'An opening phrase such as "Having survived two recessions," describes the subject that follows it; when that subject cannot have done it, the sentence says something the writer did not mean.',
  autoFix: false,
  check(doc) {
    const hits: Hit[] = [];
    for (const s of doc.sentences) {
      const m = OPENING.exec(s.text);
      if (!m || doc.inQuote(s.start)) continue;
      const from = s.start + m[0].length;
      const clause = tokensIn(doc, from, s.end);
      const verbAt = clause.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX');
      if (verbAt <= 0) continue;
      const subject = clause.slice(0, verbAt);
      if (subject.some((t) => t.pos === 'PRON' && !/^it$/i.test(t.text))) continue;
      const owned = subject.some((t, k) => t.pos === 'PART' && /^['’]s$/.test(t.text) && k < subject.length - 1);
      const rest = clause.slice(verbAt, verbAt + 3).map((t) => t.text.toLowerCase());
      const passive =
        /^(?:is|are|was|were|has been|have been|had been)$/.test(
          rest[0] === 'has' || rest[0] === 'have' || rest[0] === 'had' ? `${rest[0]} ${rest[1]}` : (rest[0] ?? ''),
        ) && /(?:ed|en)$/.test((rest[0] === 'has' || rest[0] === 'have' || rest[0] === 'had' ? rest[2] : rest[1]) ?? '');
      const expletive = subject.length === 1 && /^it$/i.test(subject[0]!.text);
      if (!owned && !passive && !expletive) continue;
      const start = s.start + m.index + (m[0].startsWith('"') || m[0].startsWith('“') ? 1 : 0);
      hits.push({
        start,
        end: s.start + m[1]!.length + (start - s.start),
        message: `"${m[1]}" has no one to describe: the subject that follows (${doc.text.slice(subject[0]!.start, subject[subject.length - 1]!.end)}) did not do it. Make the one who did the subject.`,
        suggestion: null,
      });
    }
    return hits;
  },
});
