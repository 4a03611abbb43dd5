import { matchCase } from '../../text/words';
import { defineRule, lookup, phraseRegex, scan } from '../rule';

/** Wordy phrases and the shorter forms that say the same thing. */
export const WORDY: Record<string, string> = {
  'in order to': 'to', 'in order for': 'for', 'at this point in time': 'now', 'at the present time': 'now', 'at this moment in time': 'now',
  'at that point in time': 'then', 'due to the fact that': 'because', 'owing to the fact that': 'because', 'in light of the fact that': 'because',
  'because of the fact that': 'because', 'despite the fact that': 'although', 'in spite of the fact that': 'although', 'the fact that': 'that',
  'in the event that': 'if', 'in the event of': 'if there is', 'for the purpose of': 'to', 'with the exception of': 'except', 'has the ability to': 'can',
  'have the ability to': 'can', 'is able to': 'can', 'are able to': 'can', 'in close proximity to': 'near', 'in the vicinity of': 'near',
  'with regard to': 'about', 'with regards to': 'about', 'in regard to': 'about', 'in regards to': 'about', 'with respect to': 'about',
  'prior to': 'before', 'subsequent to': 'after', 'in the near future': 'soon', 'on a daily basis': 'daily', 'on a weekly basis': 'weekly',
  'on a monthly basis': 'monthly', 'on an annual basis': 'annually', 'on a regular basis': 'regularly', 'a majority of': 'most', 'the majority of': 'most',
  'in excess of': 'more than', 'until such time as': 'until', 'at all times': 'always', 'each and every': 'each', 'first and foremost': 'first',
  'in an effort to': 'to', 'in the process of': '', 'is in the process of': 'is', 'are in the process of': 'are', 'as a means of': 'to',
  'for the reason that': 'because', 'in the amount of': 'of', 'on the grounds that': 'because', 'in a timely manner': 'promptly',
  'a large number of': 'many', 'a great number of': 'many', 'the vast majority of': 'most', 'it is important to note that': '', 'it should be noted that': '',
  'needless to say': '', 'take into consideration': 'consider', 'came to the conclusion': 'concluded', 'come to the conclusion': 'conclude',
  'made the decision to': 'decided to', 'make the decision to': 'decide to', 'made a decision to': 'decided to', 'make a decision to': 'decide to',
  'give consideration to': 'consider', 'conduct an investigation into': 'investigate', 'conducted an investigation into': 'investigated',
  'is indicative of': 'shows', 'along the lines of': 'like', 'in the course of': 'during', 'during the course of': 'during', 'for a period of': 'for',
  'in terms of': 'in', 'whether or not': 'whether', 'as to whether': 'whether', 'the question as to whether': 'whether',
};
/** Phrases to cut in analysis only when the writer can recast (no safe mechanical fix). */
const REVIEW_ONLY = new Set(['the fact that', 'in terms of', 'whether or not', 'in the event of']);

export const wordyPhrases = defineRule({
  id: 'clarity/wordy-phrases',
  category: 'clarity',
  explanation: 'Every word should earn its place: a wordy phrase such as "in order to" or "at this point in time" has a shorter form that says the same thing.',
  autoFix: true,
  check(doc) {
    return scan(doc.text, phraseRegex(Object.keys(WORDY)), (m) => {
      const key = m[0].toLowerCase().replace(/\s+/g, ' ');
      const short = lookup(WORDY, m[0])!;
      const suggestion = REVIEW_ONLY.has(key) ? null : matchCase(m[0], short);
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: short ? `Wordy: "${m[0]}" can be "${short}".` : `Wordy: "${m[0]}" can usually be cut.`,
        suggestion,
      };
    });
  },
});
