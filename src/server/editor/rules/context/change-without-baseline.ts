import { defineRule, scan, wordRegex } from '../rule';

const CHANGE =
  '(rose|rises|risen|fell|falls|fallen|jumped|jumps|dropped|drops|increased|increases|decreased|decreases|climbed|climbs|declined|declines|grew|grows|surged|surges|soared|soars|plunged|plunges|plummeted|spiked|dipped|slid|tumbled|doubled|tripled|halved|shrank|swelled|ballooned|skyrocketed|is up|are up|was up|were up|is down|are down|was down|were down)(\\s+(?:by\\s+)?(?:about\\s+|nearly\\s+|almost\\s+|more than\\s+)?(\\d[\\d,.]*\\s?(?:%|percent|per cent)|\\$?\\d[\\d,.]*(?:\\s+(?:million|billion))?))?';
/** Words that give a change its baseline, period or source. */
const CONTEXT =
  /\b(from\s+(?:\$?\d|last|a\s+year|the\s+(?:previous|same|prior)|a\s+(?:low|high))|compared|than\s+(?:in|last|a\s+year|the\s+(?:same|previous|prior)|\$?\d)|since|between|over the (?:past|last)|in the (?:past|last)|last (?:year|month|week|quarter|season|decade)|this (?:year|month|week|quarter|season)|a year (?:earlier|ago|before)|year over year|per year|annually|according to|said|says|reported|data|report|figures|statistics|census|survey|records)\b|\b(19|20)\d\d\b|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|this week|last week)\b|\b(january|february|march|april|may|june|july|august|september|october|november|december)\b/i;

export const changeWithoutBaseline = defineRule({
  id: 'context/change-without-baseline',
  category: 'context',
  explanation:
    'A change needs a baseline, a period and a source ("rose 40% from 2023, according to county data"); without them readers cannot judge it.',
  autoFix: false,
  check(doc) {
    return scan(doc.outsideQuotes, wordRegex(CHANGE, 'giu'), (m) => {
      const sentence = doc.sentenceAt(m.index);
      if (!sentence) return null;
      const hasFigure = Boolean(m[3]) || /^(doubled|tripled|halved)$/i.test(m[1]!);
      if (!hasFigure) return null;
      const rest = doc.text.slice(sentence.start, sentence.end).replace(m[0], ' ');
      if (CONTEXT.test(rest)) return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `"${m[0]}": from what, over what period, and according to whom?`,
        suggestion: null,
      };
    });
  },
});
