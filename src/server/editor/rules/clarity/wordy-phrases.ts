import { matchCase } from '../../text/words';
import { defineRule, lookup, phraseRegex, scan } from '../rule';

/** Wordy phrases and the shorter forms that say the same thing. */
export const WORDY: Record<string, string> = {
  'in order to': 'to',
  'in order for': 'for',
  'is anticipated to': 'is expected to',
  'are anticipated to': 'are expected to',
  'was anticipated to': 'was expected to',
  'were anticipated to': 'were expected to',
  'sometime in': 'in',
  'at this point in time': 'now',
  'at the present time': 'now',
  'at this moment in time': 'now',
  'at that point in time': 'then',
  'due to the fact that': 'because',
  'owing to the fact that': 'because',
  'in light of the fact that': 'because',
  'because of the fact that': 'because',
  'despite the fact that': 'although',
  'in spite of the fact that': 'although',
  'the fact that': 'that',
  'in the event that': 'if',
  'in the event of': 'if there is',
  'for the purpose of': 'to',
  'with the exception of': 'except',
  'has the ability to': 'can',
  'have the ability to': 'can',
  'is able to': 'can',
  'are able to': 'can',
  'in close proximity to': 'near',
  'in the vicinity of': 'near',
  'with regard to': 'about',
  'with regards to': 'about',
  'in regard to': 'about',
  'in regards to': 'about',
  'with respect to': 'about',
  'prior to': 'before',
  'subsequent to': 'after',
  'in the near future': 'soon',
  'on a daily basis': 'daily',
  'on a weekly basis': 'weekly',
  'on a monthly basis': 'monthly',
  'on an annual basis': 'annually',
  'on a regular basis': 'regularly',
  'a majority of': 'most',
  'the majority of': 'most',
  'in excess of': 'more than',
  'until such time as': 'until',
  'at all times': 'always',
  'each and every': 'each',
  'first and foremost': 'first',
  'in an effort to': 'to',
  'in the process of': '',
  'is in the process of': 'is',
  'are in the process of': 'are',
  'as a means of': 'to',
  'for the reason that': 'because',
  'in the amount of': 'of',
  'on the grounds that': 'because',
  'in a timely manner': 'promptly',
  'a large number of': 'many',
  'a great number of': 'many',
  'the vast majority of': 'most',
  'it is important to note that': '',
  'it should be noted that': '',
  'needless to say': '',
  'take into consideration': 'consider',
  'came to the conclusion': 'concluded',
  'come to the conclusion': 'conclude',
  'made the decision to': 'decided to',
  'make the decision to': 'decide to',
  'made a decision to': 'decided to',
  'make a decision to': 'decide to',
  'give consideration to': 'consider',
  'conduct an investigation into': 'investigate',
  'conducted an investigation into': 'investigated',
  'is indicative of': 'shows',
  'along the lines of': 'like',
  'in the course of': 'during',
  'during the course of': 'during',
  'for a period of': 'for',
  'in terms of': 'in',
  'whether or not': 'whether',
  'as to whether': 'whether',
  'the question as to whether': 'whether',
};
/** Phrases to cut in analysis only when the writer can recast (no safe mechanical fix). */
const REVIEW_ONLY = new Set([
  'the fact that',
  'in terms of',
  'whether or not',
  'in the event of',
  // precise in a vote count or a ruling, where "most" and "because" are not the same thing
  'a majority of',
  'on the grounds that',
  // "raised the question as to whether" needs a recast, not a cut
  'as to whether',
  'the question as to whether',
]);
/** "most" takes "of" before a determiner or pronoun: "the majority of the voters" → "most of the voters". */
const OF_DETERMINER = /^\s+(?:the|these|those|its|their|his|her|our|my|your|them|us|whom|which)\b/i;

export const wordyPhrases = defineRule({
  id: 'clarity/wordy-phrases',
  category: 'clarity',
  actions: ['concise', 'readability', 'simplify'],
  explanation:
    'Every word should earn its place: a wordy phrase such as "in order to" or "at this point in time" has a shorter form that says the same thing.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    return scan(text, phraseRegex(Object.keys(WORDY)), (m) => {
      const key = m[0].toLowerCase().replace(/\s+/g, ' ');
      let short = lookup(WORDY, m[0])!;
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 8);
      if (short === 'most' && OF_DETERMINER.test(after)) short = 'most of';
      const hit = {
        start: m.index,
        end: m.index + m[0].length,
        message: short ? `Wordy: "${m[0]}" can be "${short}".` : `Wordy: "${m[0]}" can usually be cut.`,
        suggestion: REVIEW_ONLY.has(key) ? null : matchCase(m[0], short),
      };
      if (short !== '' || hit.suggestion === null) return hit;
      // a cut at the start of a sentence hands the capital to the next word ("It should be noted that the…" → "The…")
      if (doc.startsSentence(m.index)) {
        const next = /^,?\s+([\p{L}\p{N}][\p{L}\p{N}'’-]*)/u.exec(text.slice(hit.end));
        if (!next) return { ...hit, suggestion: null };
        const word = next[1]!;
        return { ...hit, end: hit.end + next[0].length, suggestion: word[0]!.toUpperCase() + word.slice(1) };
      }
      // between commas a cut would leave ", ," behind: the writer recasts
      if (/,\s*$/.test(text.slice(Math.max(0, m.index - 2), m.index)) || /^,/.test(after)) return { ...hit, suggestion: null };
      return hit;
    });
  },
});
