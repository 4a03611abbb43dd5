import { figures } from '../../story/figures';
import type { Doc } from '../../text/document';
import { tokens, type Token } from '../../text/nlp';
import { spell } from '../../text/numbers';
import { defineRule, type Hit } from '../rule';

/** Marks that open a breakdown of what came before: "three members — Smith and Jones —", "$12 million: …". */
const OPENS = new Set([':', '—', '–', '--', '(']);
const CLOSES = new Set(['—', '–', '--', ')', ';', '.']);
/** Words that say a list is partial or leaves a remainder. */
const PARTIAL = new Set([
  'include',
  'including',
  'rest',
  'remainder',
  'remaining',
  'remain',
  'other',
  'balance',
  'among',
  'such',
  'about',
  'nearly',
  'almost',
  'roughly',
  'approximately',
  'more',
  'less',
]);

const capitalized = (t: Token) => /^\p{Lu}/u.test(t.text);

const format = (n: number, money: boolean) =>
  money
    ? `$${n >= 1e6 ? `${+(n / 1e6).toFixed(2)} million` : n.toLocaleString('en-US')}`
    : n < 100
      ? `${n} (${spell(n)})`
      : n.toLocaleString('en-US');

/** Names listed after the opening mark, up to its close: null unless the list is names and nothing else. */
function namesList(
  doc: Doc,
  all: Token[],
  from: number,
  sentenceEnd: number,
  appositive: boolean,
): { count: number; start: number; end: number } | null {
  let count = 0;
  let inName = false;
  let start = -1;
  let end = -1;
  let k = from;
  for (; k < all.length && all[k]!.start < sentenceEnd; k++) {
    const t = all[k]!;
    if (CLOSES.has(t.text)) break;
    if (capitalized(t) && /^[\p{L}.'’-]+$/u.test(t.text)) {
      if (!inName) count++;
      inName = true;
      if (start < 0) start = t.start;
      end = t.end;
    } else if (t.text === ',' || t.lemma === 'and') inName = false;
    else if (appositive && all[k - 1]?.text === ',' && (t.pos === 'VERB' || t.pos === 'AUX')) break;
    else return null;
  }
  if (appositive && !(all[k - 1]?.text === ',' && all.slice(from, k).some((t) => t.lemma === 'and'))) return null;
  if (!appositive && k < all.length && all[k]!.start < sentenceEnd && !CLOSES.has(all[k]!.text)) return null;
  return count >= 2 ? { count, start, end } : null;
}

export const partsAndTotal = defineRule({
  id: 'consistency/parts-and-total',
  category: 'consistency',
  explanation: 'When the story breaks a total into parts or names its members, the parts add up to the total.',
  autoFix: false,
  check(doc) {
    const all = tokens(doc);
    const figs = figures(doc);
    const hits: Hit[] = [];
    for (const total of figs) {
      if (total.kind === 'percent' || doc.inQuote(total.start)) continue;
      const sentenceEnd = total.sentence.end;
      // the opening mark: right after the figure's noun phrase or a few words on ("… voted no: Smith and Jones")
      if (total.kind === 'count' && !total.head) continue;
      let k = total.last + 1;
      while (k < all.length && (all[k]!.pos === 'NOUN' || all[k]!.pos === 'ADJ')) k++;
      let steps = 0;
      while (k < all.length && all[k]!.start < sentenceEnd && !OPENS.has(all[k]!.text) && steps < 8) {
        const t = all[k]!;
        if (t.text === '$' || t.text === ',' || PARTIAL.has(t.lemma) || PARTIAL.has(t.text.toLowerCase())) break;
        k++;
        steps++;
      }
      // "Three council members, Joan Ortiz and Ray Bell, voted no": an appositive right after the noun
      const appositive = steps === 0 && all[k]?.text === ',' && total.kind === 'count';
      if (k >= all.length || !(OPENS.has(all[k]!.text) || appositive) || all[k]!.start >= sentenceEnd) continue;
      const after = all.filter((t) => t.start > all[k]!.start && t.start < sentenceEnd);
      if (after.some((t) => PARTIAL.has(t.lemma) || PARTIAL.has(t.text.toLowerCase()))) continue;
      const parts = figs.filter((f) => f.start > all[k]!.start && f.start < sentenceEnd && f.kind === total.kind);
      const totalText = doc.text.slice(total.start, total.end);
      if (parts.length >= 2 && !appositive) {
        const stop = all.findIndex((t, i) => i > k && CLOSES.has(t.text));
        const inside = parts.filter((p) => stop < 0 || p.start < all[stop]!.start);
        if (inside.length < 2) continue;
        const sum = inside.reduce((s, p) => s + p.value, 0);
        if (Math.abs(sum - total.value) <= total.value * 0.005) continue;
        const listStart = inside[0]!.start;
        const listEnd = inside[inside.length - 1]!.end;
        hits.push({
          start: listStart,
          end: listEnd,
          message: `These parts add up to ${format(sum, total.kind === 'money')}, not the “${totalText}” stated.`,
          related: { start: total.start, end: total.end },
        });
      } else if (total.kind === 'count' && total.value <= 20 && parts.length === 0) {
        const names = namesList(doc, all, k + 1, sentenceEnd, appositive);
        if (!names || names.count === total.value) continue;
        const counted = doc.text.slice(total.start, headEnd(all, total.last));
        hits.push({
          start: names.start,
          end: names.end,
          message: `${names.count} named here, but the story says “${counted}”.`,
          related: { start: total.start, end: headEnd(all, total.last) },
        });
      }
    }
    return hits;
  },
});

/** Where the counted noun phrase after a figure ends ("three council members"). */
function headEnd(all: Token[], last: number): number {
  let end = all[last]!.end;
  for (let k = last + 1; k < all.length && (all[k]!.pos === 'NOUN' || all[k]!.pos === 'ADJ'); k++) end = all[k]!.end;
  return end;
}
