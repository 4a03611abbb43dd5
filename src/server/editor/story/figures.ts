import { MONTHS } from '../text/dates';
import type { Doc, Sentence } from '../text/document';
import { tokens, type Token } from '../text/nlp';
import { spelledValue } from '../text/numbers';

/** A number the copy states: an amount of money, a count of things, a percentage. */
export interface Figure {
  start: number;
  end: number;
  kind: 'money' | 'count' | 'percent';
  value: number;
  /** The digits as written, for telling a slip of the keyboard ("48.6" and "46.8") from another figure. */
  digits: string | null;
  /** Lemma of the noun the figure counts or prices ("budget", "job"), if one follows it. */
  head: string | null;
  /** Written as something already known: "the $46.8 million budget", "its 150 jobs". */
  definite: boolean;
  /** What an "of" after the noun ties it to ("the 100 block of Main Street" → "main"). */
  of: string | null;
  sentence: Sentence;
  /** Index of the figure's last token (the scale word or the number). */
  last: number;
}

const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12 };
const MONTH_WORDS = new Set(MONTHS.flatMap((m) => [m.toLowerCase(), m.slice(0, 3).toLowerCase(), `${m.slice(0, 3).toLowerCase()}.`]));
const DEFINITE = new Set(['the', 'this', 'that', 'these', 'those', 'its', 'their', 'his', 'her', "'s", '’s']);

function numberValue(t: Token): { value: number; digits: string | null } | null {
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$/.test(t.text))
    return { value: Number(t.text.replace(/,/g, '')), digits: t.text.replace(/\D/g, '') };
  const spelled = spelledValue(t.text);
  return spelled !== null && spelled > 1 ? { value: spelled, digits: null } : null;
}

export function figures(doc: Doc): Figure[] {
  return doc.memo('figures', () => {
    const all = tokens(doc);
    const out: Figure[] = [];
    for (let i = 0; i < all.length; i++) {
      const t = all[i]!;
      const n = numberValue(t);
      if (!n) continue;
      const prev = all[i - 1];
      const money = prev?.text === '$';
      if (!money && /^\d{4}$/.test(t.text) && n.value >= 1700 && n.value <= 2200) continue; // a year
      if (prev && MONTH_WORDS.has(prev.text.toLowerCase())) continue; // a date
      if (prev && /^(?:no\.?|number|page|route|district|ward|room)$/i.test(prev.text)) continue;
      let j = i;
      let value = n.value;
      const scale = all[j + 1] && SCALES[all[j + 1]!.text.toLowerCase()];
      if (scale) {
        value *= scale;
        j++;
      }
      const after = all[j + 1];
      if (after && (after.text === '-' || after.text === ':' || /^[ap]\.m\.?$/i.test(after.text))) continue; // age, tally, time
      let kind: Figure['kind'] = money ? 'money' : 'count';
      if (after && (after.text === '%' || after.lemma === 'percent')) {
        kind = 'percent';
        j++;
      }
      let head: string | null = null;
      let of: string | null = null;
      for (let k = j + 1; k < Math.min(all.length, j + 5); k++) {
        const w = all[k]!;
        if (w.pos === 'NOUN') {
          head = w.lemma;
          if (all[k + 1]?.pos === 'NOUN') continue;
          if (all[k + 1]?.lemma === 'of') of = all.slice(k + 2, k + 5).find((x) => x.pos === 'NOUN' || x.pos === 'PROPN')?.lemma ?? null;
          break;
        } else if (!(w.pos === 'ADJ' || w.text === '-' || (head === null && w.pos === 'PROPN'))) break;
      }
      const before = all[money ? i - 2 : i - 1];
      const sentence = doc.sentenceAt(t.start);
      if (!sentence) continue;
      out.push({
        start: money ? prev.start : t.start,
        end: all[j]!.end,
        kind,
        value,
        digits: n.digits,
        head,
        definite: Boolean(before && DEFINITE.has(before.text.toLowerCase())),
        of,
        sentence,
        last: j,
      });
    }
    return out;
  });
}
