import { defineRule, scan, wordRegex } from '../rule';

const CHANGE =
  '(rose|rises|risen|fell|falls|fallen|jumped|jumps|dropped|drops|increased|increases|decreased|decreases|climbed|climbs|declined|declines|grew|grows|surged|surges|soared|soars|plunged|plunges|plummeted|spiked|dipped|slid|tumbled|doubled|tripled|halved|shrank|swelled|ballooned|skyrocketed|is up|are up|was up|were up|is down|are down|was down|were down)(\\s+(?:by\\s+)?(?:about\\s+|nearly\\s+|almost\\s+|more than\\s+)?(\\d[\\d,.]*\\s?(?:%|percent|per cent)|\\$?\\d[\\d,.]*(?:\\s+(?:million|billion))?))?';
/** Words that give a change its baseline, period or source. A quarter alone is not one: a quarter's change is read against the same quarter a year earlier or the one before, and the copy must say which. */
const CONTEXT =
  /\b(from\s+(?:\$?\d|last|a\s+year|the\s+(?:previous|same|prior)|a\s+(?:low|high))|compared|than\s+(?:in|last|a\s+year|the\s+(?:same|previous|prior)|\$?\d)|since|between|over the (?:past|last)|in the (?:past|last)|last (?:year|month|week|quarter|season|decade)|this (?:year|month|week|quarter|season)|a year (?:earlier|ago|before)|year over year|per year|annually|in (?:early |late |morning |midday |afternoon |after-hours |extended |heavy |light )?trading|at the close|on the day|for the (?:day|week|month|year|season)|a (?:year|month|week|day)|according to|said|says|reported|data|report|figures|statistics|census|survey|records)\b|\b(19|20)\d\d\b|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|this week|last week)\b|\b(january|february|march|april|may|june|july|august|september|october|november|december)\b/i;

/** Words that state the comparison itself, strong enough to carry over to the next sentence. */
const BASELINE =
  /\b(?:compar(?:ed|es|ison)|a year (?:earlier|ago|before)|year over year|(?:from|than) (?:\$?\d|last|a year|the (?:same|previous|prior))|since (?:19|20)\d\d)\b/i;

/** A multiple of an unnamed figure: "twice what was budgeted", "three times the original estimate". */
const RATIO =
  '(?:(?:more than|nearly|almost|about|roughly)\\s+)?(?:twice|double|triple|three times|four times|five times|ten times|half)\\s+(?:what\\s+(?:was|it|the|they|he|she|officials|the city|the county|the state)\\b[^.,;]{0,30}|as (?:much|many) as (?:planned|budgeted|expected|projected|estimated|last year|before)|the (?:original|initial|earlier|first|projected|estimated|budgeted)\\s+(?:amount|estimate|budget|cost|price|figure|total|number|bid|projection))';

export const changeWithoutBaseline = defineRule({
  id: 'context/change-without-baseline',
  category: 'context',
  explanation:
    'A change needs a baseline, a period and a source ("rose 40% from 2023, according to county data"); without them readers cannot judge it.',
  autoFix: false,
  check(doc) {
    // "more than twice what was budgeted": a ratio to a figure the copy never gives
    const ratios = scan(doc.outsideQuotes, wordRegex(RATIO, 'giu'), (m) => {
      const sentence = doc.sentenceAt(m.index);
      if (!sentence) return null;
      const rest = doc.text.slice(m.index + m[0].length, sentence.end);
      if (/[\d$]|\b(?:million|billion)\b/.test(rest.split(/[;—]/)[0]!)) return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `"${m[0]}": give the figure it is compared with.`,
        suggestion: null,
      };
    });
    const changes = scan(doc.outsideQuotes, wordRegex(CHANGE, 'giu'), (m) => {
      const sentence = doc.sentenceAt(m.index);
      if (!sentence) return null;
      const verb = m[1]!;
      const hasFigure = Boolean(m[3]) || /^(doubled|tripled|halved)$/i.test(verb);
      if (!hasFigure) return null;
      const after = doc.text.slice(m.index + m[0].length, m.index + m[0].length + 24);
      // a standing, not a change: "fell 6 1/2 games behind"
      if (m[3] && /^\s+(?:\d+\/\d+\s+)?(?:games?|places?|spots?|strokes?|shots?)\b/i.test(after)) return null;
      // the baseball hit: "Ortega doubled and scored", "doubled to left"
      if (
        !m[3] &&
        /\p{Lu}[\p{L}'’-]+\s+$/u.test(doc.text.slice(Math.max(sentence.start, m.index - 30), m.index)) &&
        /^\s*(?:and\b|,|\.|to\s+(?:left|right|center|deep)|off\b|down\s+the|into\b|home\b|in\s+(?:a|two|three|the)\s+runs?)/i.test(after)
      )
        return null;
      const rest = doc.text.slice(sentence.start, sentence.end).replace(m[0], ' ');
      if (CONTEXT.test(rest)) return null;
      // the baseline is as often in the sentence just before ("…a year earlier. Revenue rose 4% to $2.9 billion.")
      const previous = doc.sentences[sentence.index - 1];
      if (previous && previous.paragraph === sentence.paragraph && BASELINE.test(previous.text)) return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `"${m[0]}": from what, over what period, and according to whom?`,
        suggestion: null,
      };
    });
    return [...ratios, ...changes];
  },
});
