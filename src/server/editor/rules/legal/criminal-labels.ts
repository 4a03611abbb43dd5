import { defineRule, scan, wordRegex } from '../rule';
import { caseStatus } from './case-status';

const LABELS =
  'murderer|killer|burglar|thief|robber|rapist|arsonist|embezzler|kidnapper|molester|abuser|fraudster|con man|con artist|perpetrator|culprit|criminal|convict|felon|drug dealer|drunk driver|pedophile|stalker|vandal|looter|smuggler|trafficker|assailant|attacker|shoplifter|carjacker|poacher|extortionist|swindler';

export const criminalLabels = defineRule({
  id: 'legal/criminal-labels',
  category: 'legal',
  explanation:
    'Someone charged is presumed innocent: call them the suspect, the defendant or by name, never "the murderer" or "the burglar" before a conviction.',
  autoFix: false,
  check(doc) {
    const status = caseStatus(doc);
    if (!status.accused || status.convicted) return [];
    return scan(doc.outsideQuotes, wordRegex(`(?:the|a|an|this|that|accused|alleged)\\s+(?:${LABELS})s?`, 'giu'), (m) => {
      if (/^(?:accused|alleged)/i.test(m[0])) return null;
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
  },
});
