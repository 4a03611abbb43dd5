import { tokens } from '../../text/nlp';
import type { Hit } from '../rule';
import { defineRule } from '../rule';

const CHANGE_LEMMAS = new Set(
  'rise fall drop surge soar plunge plummet climb jump increase decrease decline grow double triple quadruple halve spike dip slide tumble skyrocket shrink rebound slump sink balloon swell'.split(
    ' ',
  ),
);
/** Verbs that are a size of change in themselves, so no figure in the sentence leaves them empty. */
const STRONG = new Set('double triple quadruple halve surge soar plunge plummet skyrocket balloon spike slump tumble'.split(' '));
const INTENSITY =
  /^\s*(?:sharply|dramatically|significantly|substantially|considerably|markedly|steeply|rapidly|a lot|a great deal|greatly|massively|tremendously|hugely|enormously|big|so much)\b/i;
/** What is measured: counts, money and rates, not a person who jumped into a river. */
const MEASURE =
  /\b(?:sales|prices?|enrollment|attendance|crime|ridership|revenue|rates?|costs?|numbers?|population|demand|traffic|profits?|spending|taxes|fees|applications|cases|thefts|arrests|calls|visits|visitors|use|usage|shares|stocks?|income|wages|rents?|values?|scores|complaints|deaths|injuries|crashes|graduation|membership|turnout|tardiness|absences|budget|debt|deficit|inflation|unemployment|jobs|orders|bookings|claims|participation)\b/i;
const FIGURE =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|half|percent|twice|times)\b/i;

export const changeWithoutFigure = defineRule({
  id: 'context/change-without-figure',
  category: 'context',
  explanation:
    'A change needs its size: "doubled", "dropped sharply" or "is up" with no figures, period or source leaves readers unable to judge it.',
  autoFix: false,
  check(doc) {
    const { text } = doc;
    const all = tokens(doc);
    const hits: Hit[] = [];
    for (let i = 0; i < all.length; i++) {
      const t = all[i]!;
      const sentence = doc.sentenceAt(t.start);
      if (!sentence || doc.inQuote(t.start)) continue;
      let end = t.end;
      let strong = false;
      if (t.pos === 'VERB' && CHANGE_LEMMAS.has(t.lemma)) strong = STRONG.has(t.lemma);
      else if (t.lemma === 'be' && /^\s+(?:up|down)\b(?!\s+(?:to|from|with|for|on|in|at)\b)/i.test(text.slice(t.end, t.end + 12))) {
        end = t.end + (text.slice(t.end).match(/^\s+(?:up|down)/i)?.[0].length ?? 0);
      } else if (t.lemma === 'go' && /^\s+(?:up|down)\b/i.test(text.slice(t.end, t.end + 8))) {
        end = t.end + (text.slice(t.end).match(/^\s+(?:up|down)/i)?.[0].length ?? 0);
      } else continue;
      const rest = text.slice(end, sentence.end);
      const intensity = INTENSITY.exec(rest);
      if (intensity) end += intensity[0].length;
      const subject = text.slice(sentence.start, t.start);
      if (!strong && !intensity && !MEASURE.test(subject)) continue;
      if (FIGURE.test(text.slice(sentence.start, sentence.end))) continue;
      // the figures often follow at once: "The population has rebounded. A survey counted 22 per net, up from 11."
      const next = doc.sentences[sentence.index + 1];
      if (next && next.paragraph === sentence.paragraph && /\d/.test(next.text)) continue;
      // the baseball hit: "Ortega doubled and scored"
      if (/^\s*(?:\p{Lu}[\p{L}'’.-]+\s+){1,3}$/u.test(subject) && /^(?:double|triple)$/.test(t.lemma)) continue;
      hits.push({
        start: t.start,
        end,
        message: `"${text.slice(t.start, end)}": by how much, from what, over what period, and according to whom?`,
        suggestion: null,
      });
    }
    return hits;
  },
});
