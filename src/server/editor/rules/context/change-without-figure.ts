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

/** Numbers that name or date something rather than size it: "Route 9", "No. 4", "since 2019", "at 7 p.m.", "March 3". */
const NOT_A_SIZE =
  /\b(?:route|highway|interstate|county road|ward|district|precinct|room|suite|gate|pier|lot|no\.|unit|station|engine|ladder|grade|game|week|title|chapter|section|article|amendment|proposition|prop\.|measure|question)\s+\d+\b|\b(?:I|US|U\.S\.)-?\s?\d+\b|\b(?:1[89]|20)\d\d(?:-\d\d)?\b(?!\s*(?:%|percent|people|students|residents|riders|cases|homes|units|jobs))|\b\d{1,2}(?::\d\d)?\s*[ap]\.?m\.?|\b(?:jan|feb|march|april|may|june|july|aug|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)\b/gi;
/** The sentence gives the change's size somewhere: a figure that is an amount, not a name, a year or a time. */
const hasFigure = (sentence: string) => FIGURE.test(sentence.replace(NOT_A_SIZE, ' '));
/** A following sentence that carries the comparison: "up from 11", "a 9 percent increase", "compared with 2,300". */
const COMPARISON =
  /\b(?:up|down|from|compared|versus|vs\.?|than|percent|increase|decrease|rise|drop|fall|gain|loss|earlier|ago|times)\b|%/i;

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
      // a change hoped for or feared is not one the story reports: "waiting for prices to rise", "could fall"
      if (
        /\b(?:to|will|would|could|may|might|can|should|must)\s+(?:\p{L}+\s+)?$/iu.test(
          text.slice(Math.max(sentence.start, t.start - 20), t.start),
        )
      )
        continue;
      const rest = text.slice(end, sentence.end);
      const intensity = INTENSITY.exec(rest);
      if (intensity) end += intensity[0].length;
      const subject = text.slice(sentence.start, t.start);
      if (!strong && !intensity && !MEASURE.test(subject)) continue;
      if (hasFigure(text.slice(sentence.start, sentence.end))) continue;
      // the figures often follow at once: "The population has rebounded. A survey counted 22 per net, up from 11."
      const next = doc.sentences[sentence.index + 1];
      if (next && next.paragraph === sentence.paragraph && /\d/.test(next.text) && COMPARISON.test(next.text)) continue;
      // the baseball hit: "Ortega doubled and scored", but not "Brant County doubled last month"
      if (
        /^\s*(?:\p{Lu}[\p{L}'’.-]+\s+){1,3}$/u.test(subject) &&
        /^(?:double|triple)$/.test(t.lemma) &&
        !/\b(?:last\s+(?:week|month|year|quarter|spring|summer|fall|winter)|this\s+(?:week|month|year|quarter)|since|over\s+the\s+past|in\s+the\s+past|compared\s+with|a\s+year\s+(?:earlier|ago)|from\s+a\s+year)\b/i.test(
          rest,
        )
      )
        continue;
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
