import { defineRule, scan, wordRegex } from '../rule';
import { caseStatus } from './case-status';

const LABELS =
  'murderer|killer|burglar|thief|robber|rapist|arsonist|embezzler|kidnapper|molester|abuser|fraudster|con man|con artist|perpetrator|culprit|criminal|convict|felon|drug dealer|drunk driver|pedophile|stalker|vandal|looter|smuggler|trafficker|assailant|attacker|shoplifter|carjacker|poacher|extortionist|swindler|stickup man|stick-up man|holdup man|hold-up man|getaway driver|triggerman|bandit|crook|mugger';

/** Words that brand a person without a crime to cite: a court or an on-the-record source has to back them. */
const PEJORATIVES = 'slumlord|deadbeat|scammer|scam artist|thug|shyster|crook|cheat|cheater|liar|racketeer|loan shark';
/** A crime or a vice made into a description: "the embezzling treasurer", "a crooked landlord". */
const CRIMINAL_ADJECTIVES =
  'embezzling|thieving|swindling|crooked|corrupt|murderous|lying|cheating|scheming|fraudulent|larcenous|drug-dealing';
/** "pay him off": a bribe, said as fact. */
const PAYOFF =
  '(?:pay|pays|paid|paying)\\s+(?:him|her|them|the\\s+\\p{Ll}+)\\s+off(?!\\s+(?:the|a|his|her|their)\\s+(?:loan|debt|mortgage|bill|balance|note))';
/** Drug-trade words that are labels only in a drug story ("the dealer" is a car dealer elsewhere). */
const DRUG_STORY = /\b(?:drugs?|narcotics?|fentanyl|heroin|cocaine|meth(?:amphetamine)?|opioids?|marijuana|pills)\b/i;
const ATTRIBUTED = /\b(?:said|says|say|according to|alleged|alleges|allegedly|claims?|accused|calls?|called|described)\b/i;

const IDENTIFIED = /\b(?:charged|arrested|indicted|booked|in custody|pleaded|arraigned|accused of)\b/i;

export const criminalLabels = defineRule({
  id: 'legal/criminal-labels',
  category: 'legal',
  explanation:
    'Someone charged is presumed innocent: call them the suspect, the defendant or by name, never "the murderer" or "the burglar" before a conviction.',
  autoFix: false,
  check(doc) {
    const status = caseStatus(doc);
    // "alleged" does not cure a label: "the alleged fraudster" still calls the person one, whatever the story's status
    const hedged = scan(
      doc.outsideQuotes,
      wordRegex(`(?:the|a|an|this|that)\\s+(?:accused|alleged|suspected|reputed|admitted)\\s+(?:${LABELS})s?`, 'giu'),
      (m) => ({
        start: m.index,
        end: m.index + m[0].length,
        message: `"${m[0]}" still labels the person; "alleged" does not make it safe. Write what they are accused of.`,
        suggestion: null,
      }),
    );
    // a label risks a named person only once someone is arrested or charged; "the robber took her purse" describes an unknown one
    const branded = scan(
      doc.outsideQuotes,
      wordRegex(`(?:the|a|an|this|that)\\s+(?:(?:${PEJORATIVES})s?|(?:${CRIMINAL_ADJECTIVES})\\s+\\p{Ll}+)|${PAYOFF}`, 'giu'),
      (m) => {
        const sentence = doc.sentenceAt(m.index);
        if (!sentence || ATTRIBUTED.test(doc.outsideQuotes.slice(sentence.start, sentence.end))) return null;
        return {
          start: m.index,
          end: m.index + m[0].length,
          message: `"${m[0]}" brands a person as fact. Report what they did and who says so, or cut it.`,
          suggestion: null,
        };
      },
    );
    if (!status.accused || status.convicted || !IDENTIFIED.test(doc.text)) return [...hedged, ...branded];
    const labels = DRUG_STORY.test(doc.text) ? `${LABELS}|dealer|pusher|kingpin` : LABELS;
    // a label set off after a name: "Kenneth Obi, a drug dealer from Fairview,"
    const appositive = scan(
      doc.outsideQuotes,
      wordRegex(`\\p{Lu}[\\p{L}'’-]+,\\s+((?:a|an|the)\\s+(?:[\\p{Ll}-]+\\s+)?(?:${labels}))(?=[\\s,])`, 'gu'),
      (m) => {
        const start = m.index + m[0].length - m[1]!.length;
        return {
          start,
          end: m.index + m[0].length,
          message: `"${m[1]}" labels the person named before it as guilty before a conviction.`,
          suggestion: null,
        };
      },
    );
    const plain = scan(doc.outsideQuotes, wordRegex(`(?:the|a|an|this|that|accused|alleged)\\s+(?:${labels})s?`, 'giu'), (m) => {
      if (/^(?:accused|alleged)/i.test(m[0])) return null;
      if (hedged.some((h) => h.start <= m.index && m.index < h.end) || appositive.some((h) => h.start === m.index)) return null;
      if (/^an?\s/i.test(m[0])) {
        // "a thief broke in" is unknown; "he is a criminal" labels the person named in the story
        const before = doc.text.slice(Math.max(0, m.index - 12), m.index);
        if (!/\b(?:is|was|are|were|be|been|being)\s+$/i.test(before)) return null;
      }
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `"${m[0]}" declares guilt before a conviction. Use "the suspect", "the defendant" or the name.`,
        suggestion: null,
      };
    });
    return [...hedged, ...branded, ...appositive, ...plain];
  },
});
