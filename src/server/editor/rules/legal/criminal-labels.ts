import { defineRule, scan, wordRegex } from '../rule';
import { caseStatus } from './case-status';

const LABELS =
  'murderer|killer|burglar|thief|robber|rapist|arsonist|embezzler|kidnapper|molester|abuser|fraudster|con man|con artist|perpetrator|culprit|criminal|convict|felon|drug dealer|drunk driver|pedophile|stalker|vandal|looter|smuggler|trafficker|assailant|attacker|shoplifter|carjacker|poacher|extortionist|swindler|stickup man|stick-up man|holdup man|hold-up man|getaway driver|triggerman|bandit|crook|mugger';

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
    if (!status.accused || status.convicted || !IDENTIFIED.test(doc.text)) return hedged;
    // a label set off after a name: "Kenneth Obi, a drug dealer from Fairview,"
    const appositive = scan(
      doc.outsideQuotes,
      wordRegex(`\\p{Lu}[\\p{L}'’-]+,\\s+((?:a|an|the)\\s+(?:[\\p{Ll}-]+\\s+)?(?:${LABELS}))(?=[\\s,])`, 'gu'),
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
    const plain = scan(doc.outsideQuotes, wordRegex(`(?:the|a|an|this|that|accused|alleged)\\s+(?:${LABELS})s?`, 'giu'), (m) => {
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
    return [...hedged, ...appositive, ...plain];
  },
});
