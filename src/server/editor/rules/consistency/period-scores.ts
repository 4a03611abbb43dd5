import { personMentions } from '../../story/people';
import type { Doc } from '../../text/document';
import { tokensIn } from '../../text/nlp';
import { defineRule, type Hit } from '../rule';

/** Verbs that report a finished game's score: "beat Riverside 28-21", "lost 3-2". */
const RESULTS = new Set([
  'beat',
  'defeat',
  'win',
  'lose',
  'top',
  'edge',
  'down',
  'rout',
  'outscore',
  'blank',
  'fall',
  'hold',
  'rally',
  'clinch',
]);
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, '1st': 1, '2nd': 2, '3rd': 3, '4th': 4 };
/** How many of each period a game has, when the copy names the period. */
const PERIODS: Record<string, number> = { quarter: 4, half: 2, period: 3 };

const PERIOD_SCORE =
  /\b(\d{1,3})(?:\s+(?:points?|goals?|runs?))?\s+in\s+the\s+(first|second|third|fourth|1st|2nd|3rd|4th)(?:\s+(quarter|half|period))?\b/gi;

interface Score {
  start: number;
  end: number;
  high: number;
  low: number;
  story: number;
}

/** Final scores: a tally in a sentence whose verb reports a result, outside parentheses ("(10-1)" is a record). */
function finalScores(doc: Doc): Score[] {
  const out: Score[] = [];
  for (const m of doc.text.matchAll(/(?<![\p{L}\p{N}$.(-])(\d{1,3})-(\d{1,3})(?![\p{L}\p{N}%)-])/gu)) {
    const sentence = doc.sentenceAt(m.index);
    if (!sentence || doc.inQuote(m.index)) continue;
    const before = tokensIn(doc, sentence.start, m.index).slice(-4);
    if (!before.some((t) => t.pos === 'VERB' && RESULTS.has(t.lemma))) continue;
    const [a, b] = [Number(m[1]), Number(m[2])];
    const story = doc.datelines.filter((d) => d.start < m.index).length;
    out.push({ start: m.index, end: m.index + m[0].length, high: Math.max(a, b), low: Math.min(a, b), story });
  }
  return out;
}

export const periodScores = defineRule({
  id: 'consistency/period-scores',
  category: 'consistency',
  explanation:
    'Points a team scored period by period add up to no more than its final score, and to the score exactly when every period is given.',
  autoFix: false,
  check(doc) {
    if ([...doc.text.matchAll(PERIOD_SCORE)].length < 2) return [];
    const scores = finalScores(doc);
    if (!scores.length) return [];
    const hits: Hit[] = [];
    for (const s of doc.sentences) {
      const found = [...s.text.matchAll(PERIOD_SCORE)];
      if (found.length < 2 || doc.inQuote(s.start + found[0]!.index) || /\b(?:overtime|OT|extra)\b/.test(s.text)) continue;
      const unit = found.map((m) => m[3]?.toLowerCase()).find(Boolean);
      const periods = new Set(found.map((m) => ORDINALS[m[2]!.toLowerCase()]!));
      if (periods.size !== found.length) continue;
      const story = doc.datelines.filter((d) => d.start < s.start).length;
      const game = scores.filter((g) => g.story === story && g.start < s.start);
      if (new Set(game.map((g) => `${g.high}-${g.low}`)).size !== 1) continue;
      const score = game[0]!;
      const sum = found.reduce((n, m) => n + Number(m[1]), 0);
      // a player's points by quarter are a share of the team's, never all of it
      const player = personMentions(doc).some((p) => p.start >= s.start && p.start < s.start + found[0]!.index);
      const whole = !player && unit !== undefined && periods.size === PERIODS[unit] && [...periods].every((p) => p <= PERIODS[unit]!);
      const over = sum > score.high;
      if (!over && !(whole && sum !== score.high && sum !== score.low)) continue;
      const first = found[0]!;
      const last = found[found.length - 1]!;
      const score_ = doc.text.slice(score.start, score.end);
      hits.push({
        start: s.start + first.index,
        end: s.start + last.index + last[0].length,
        message: over
          ? `These add up to ${sum}, more than either side scored in the ${score_} final.`
          : `Every ${unit} is here and they add up to ${sum}, but the final was ${score_}.`,
        related: { start: score.start, end: score.end },
      });
    }
    return hits;
  },
});
