import { defineRule, scan, wordRegex } from '../rule';
import { caseStatus } from './case-status';

export const convictedWhenCharged = defineRule({
  id: 'legal/convicted-when-charged',
  category: 'legal',
  explanation:
    'Call someone convicted only after a verdict or guilty plea; a person who is charged, or who pleaded not guilty, is accused.',
  autoFix: false,
  check(doc) {
    const { text } = doc;
    if (!caseStatus(doc).accused) return [];
    if (/\b(found guilty|pleaded guilty|pleads guilty|guilty verdict|sentenced|jury found)\b/i.test(text)) return [];
    return scan(doc.outsideQuotes, wordRegex('convicted', 'giu'), (m) => {
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 40);
      if (/^\s+(of|in)\s+\d{4}|^\s+in\s+(19|20)\d\d|previously|prior/i.test(after)) return null; // an earlier case
      if (/\b(previously|was|been|prior|earlier|once)\s+$/i.test(text.slice(Math.max(0, m.index - 12), m.index))) return null;
      // a condition, not a verdict: "If convicted, he faces up to 20 years"
      if (
        /\b(?:if|unless|until|whether|would|could|before)\s+(?:(?:he|she|they|\p{Lu}[\p{L}'’-]+)\s+)?(?:is|are|was|were|be|been|gets?)?\s*$/iu.test(
          text.slice(Math.max(0, m.index - 30), m.index),
        )
      )
        return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: '"Convicted" states a verdict the story does not report. Use "accused" or "charged".',
        suggestion: null,
      };
    });
  },
});
