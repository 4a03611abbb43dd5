import { defineRule, scan, wordRegex } from '../rule';

const EVENT =
  '(?:hearing|meeting|vote|trial|sentencing|arraignment|forum|session|workshop|town hall|debate|election|public comment period)';
const PATTERNS = [
  `(?:an?|the)\\s+(?:[\\p{L}-]+\\s+){0,2}?${EVENT}(?:\\s+on\\s+[^.;,]{1,60}?)?\\s+(?:has been|have been|was|is|will be|would be)\\s+(?:scheduled|set|planned|held|called)`,
  `(?:at|during)\\s+(?:a|an)\\s+(?:future|upcoming|later|subsequent|coming)\\s+${EVENT}`,
  // "scheduled a pretrial hearing", "will take it up at a public hearing"
  `(?:scheduled|set|called|planned)\\s+(?:a|an)\\s+(?:[\\p{L}-]+\\s+){0,2}?${EVENT}`,
  `(?:will|would|plans to|is expected to)\\s+(?:[\\p{L}-]+\\s+){1,6}?at\\s+(?:a|an)\\s+(?:public|special|regular|joint)?\\s*${EVENT}`,
];
/** A day, a date or a time: what readers need to show up (a bail amount is not one). */
const WHEN =
  /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tonight|tomorrow|jan|feb|march|april|may|june|july|aug|sept|oct|nov|dec|january|february|august|september|october|november|december|yesterday|next (?:week|month)|this (?:week|month)|later this (?:week|month)|earlier this (?:week|month|year)|last (?:week|month|night|year|spring|summer|fall|winter)|noon|midnight)\b|\b\d{1,2}(?::\d\d)?\s*[ap]\.?m\b|\b(?:19|20)\d\d\b|\b\d{1,2}\/\d{1,2}\b/i;

export const eventWithoutDate = defineRule({
  id: 'context/event-without-date',
  category: 'context',
  explanation: 'A hearing, meeting or vote that readers might attend or follow needs its date, time and place.',
  autoFix: false,
  check(doc) {
    return scan(doc.outsideQuotes, wordRegex(PATTERNS.join('|'), 'giu'), (m) => {
      const sentence = doc.sentenceAt(m.index);
      if (!sentence || WHEN.test(sentence.text)) return null;
      // "the hearing" points back to one the story has already dated
      const event = new RegExp(`^the\\s+(?:[\\p{L}-]+\\s+){0,2}?(${EVENT})\\b`, 'iu').exec(m[0]);
      if (
        event &&
        doc.sentences.some((s) => s.end <= sentence.start && s.text.toLowerCase().includes(event[1]!.toLowerCase()) && WHEN.test(s.text))
      )
        return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: 'When? Give the date, time and place.',
        suggestion: null,
      };
    });
  },
});
