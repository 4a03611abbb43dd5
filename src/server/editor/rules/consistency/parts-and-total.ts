import { figures, type Figure } from '../../story/figures';
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

const DEFINITE = new Set(['the', 'these', 'those', 'its', 'their', 'this']);

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
      const shares = sharesOf(doc, all, figs, total);
      if (shares) {
        hits.push(shares);
        continue;
      }
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

/** Parts that come this close to their total were meant to make it. */
const NEAR_MISS = 0.85;

/**
 * "Of the 120 homes sold, 64 were single-family houses and 48 were condominiums":
 * the total opens the sentence and each part is the subject of its own clause.
 */
function sharesOf(doc: Doc, all: Token[], figs: Figure[], total: Figure): Hit | null {
  let first = total.last;
  while (first > 0 && all[first]!.start > total.start) first--;
  if (!(/^of$/i.test(all[first - 2]?.text ?? '') && DEFINITE.has(all[first - 1]!.text.toLowerCase()))) return null;
  if (!doc.startsSentence(all[first - 2]!.start) || total.kind !== 'count' || !total.head) return null;
  const end = total.sentence.end;
  let comma = total.last + 1;
  while (comma < all.length && all[comma]!.start < end && all[comma]!.text !== ',') comma++;
  if (comma >= all.length || all[comma]!.start >= end) return null;
  const rest = all.filter((t) => t.start > all[comma]!.start && t.start < end);
  if (rest.some((t) => PARTIAL.has(t.lemma) || PARTIAL.has(t.text.toLowerCase()) || t.text === '%' || t.lemma === 'percent')) return null;
  const parts = figs.filter((f) => f.start > all[comma]!.start && f.start < end && f.kind === 'count');
  const clauses = parts.filter((f) => all[f.last + 1]?.pos === 'AUX' || all[f.last + 1]?.pos === 'VERB');
  if (parts.length < 2 || clauses.length !== parts.length) return null;
  const sum = parts.reduce((n, p) => n + p.value, 0);
  if (sum === total.value) return null;
  const gap = total.value - sum;
  // "Of the 212 killed, 80 were children and 47 were women" lists some groups, not all: only a near miss is a slip
  if (gap > 0 && sum < total.value * NEAR_MISS) return null;
  const named = doc.text.slice(all[first - 1]!.start, headEnd(all, total.last));
  return {
    start: parts[0]!.start,
    end: parts[parts.length - 1]!.end,
    message:
      gap > 0
        ? `These parts make ${format(sum, false)}, not the ${format(total.value, false)} of “${named}”: ${gap} are not accounted for.`
        : `These parts make ${format(sum, false)}, more than the ${format(total.value, false)} of “${named}”.`,
    related: { start: total.start, end: headEnd(all, total.last) },
  };
}
