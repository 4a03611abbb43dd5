import { figures, type Figure } from '../../story/figures';
import { defineRule, type Hit } from '../rule';

/** Nouns a story uses for the same jobs lost or kept. */
const SAME_THING = [new Set(['job', 'layoff', 'position'])];

const sameThing = (a: string, b: string) => a === b || SAME_THING.some((g) => g.has(a) && g.has(b));

/**
 * Whether two figures look like one typed twice: the same digits in another order
 * ("48.6", "46.8"), or one digit changed in a figure of three or more ("140", "150").
 */
export function slipOf(a: string, b: string): boolean {
  if (a === b || a.length !== b.length || a.length < 2) return false;
  if ([...a].sort().join('') === [...b].sort().join('')) return true;
  return a.length >= 3 && [...a].filter((c, i) => c !== b[i]).length === 1;
}

const scaleOf = (f: Figure) => f.value / Number(f.digits!.replace(/^0+/, '') || 1);

export const restatedFigures = defineRule({
  id: 'consistency/restated-figure',
  category: 'consistency',
  explanation: 'A figure the story restates matches the first time it gave it.',
  autoFix: false,
  check(doc) {
    const all = figures(doc).filter((f) => f.head && f.digits && !doc.inQuote(f.start));
    const hits: Hit[] = [];
    for (const [i, later] of all.entries()) {
      if (!later.definite) continue;
      const earlier = all
        .slice(0, i)
        .filter(
          (e) =>
            e.kind === later.kind &&
            e.sentence !== later.sentence &&
            sameThing(e.head!, later.head!) &&
            (!e.of || !later.of || e.of === later.of),
        );
      // stated before in these words: a figure of its own, not a restatement
      if (earlier.some((e) => e.value === later.value)) continue;
      const first = earlier.find((e) => slipOf(e.digits!, later.digits!) && Math.abs(Math.log10(scaleOf(e) / scaleOf(later))) < 0.5);
      if (!first) continue;
      hits.push({
        start: later.start,
        end: later.end,
        message: `“${doc.text.slice(later.start, later.end)}” here, but “${doc.text.slice(first.start, first.end)}” earlier: the figure is restated differently.`,
        related: { start: first.start, end: first.end },
      });
    }
    return hits;
  },
});
