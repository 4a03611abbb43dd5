import { isParagraphBreak } from './paragraphs';

export interface SentenceSpan {
  start: number;
  end: number;
  paragraph: number;
}

/** Abbreviations that end with a period but rarely end a sentence. */
export const ABBREVIATIONS = new Set(
  (
    'Mr Mrs Ms Dr St ST Jr Sr Mt Ft No Nos vs etc Inc Co Corp Ltd Bros Gov Sen Rep Lt Gen Col Sgt Capt Cmdr Adm Maj Cpl Pvt ' +
    'Prof Rev Hon Supt Atty Dist Dept Univ Ave Blvd Rd Hwy Rte Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec ' +
    'Ala Ariz Ark Calif Colo Conn Del Fla Ga Ill Ind Kan Ky La Md Mass Mich Minn Miss Mo Mont Neb Nev Okla Ore Pa Tenn Vt Va Wash Wis Wyo ' +
    'a.m p.m A.M P.M U.S U.N U.K D.C N.H N.J N.M N.Y N.C N.D R.I S.C S.D W.Va e.g i.e Ph.D approx est'
  ).split(' '),
);

/** Words that, after an abbreviation, show a new sentence has begun. */
const STARTERS = new Set(
  'The A An He She It They We I You His Her Its Their Our This That These Those In On At But And After Before When While If There Officers Police Authorities Residents Officials Some Many Most No One Two Three Four Five'.split(
    ' ',
  ),
);

function tokenBefore(text: string, dot: number): string {
  let i = dot;
  while (i > 0 && /[\p{L}.]/u.test(text[i - 1]!)) i--;
  return text.slice(i, dot);
}

/**
 * Splits text into sentences. Paragraph breaks always end a sentence; a period
 * after a known abbreviation ends one only when a typical sentence opener follows.
 */
export function splitSentences(text: string): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  let paragraph = 0;
  let start = -1;
  const push = (end: number) => {
    if (start < 0) return;
    let e = end;
    while (e > start && /\s/.test(text[e - 1]!)) e--;
    if (e > start) out.push({ start, end: e, paragraph });
    start = -1;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n' && isParagraphBreak(text, i)) {
      // pasted copy separates paragraphs with one line break as often as with two
      const hadSentence = start >= 0 || out.length > 0;
      push(i);
      let j = i;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (hadSentence) paragraph++;
      i = j - 1;
      continue;
    }
    if (start < 0) {
      if (/\s/.test(ch)) continue;
      start = i;
    }
    if (ch !== '.' && ch !== '!' && ch !== '?') continue;
    // absorb closing quotes, brackets and repeated punctuation
    let j = i + 1;
    while (j < text.length && /[.!?"”’')\]]/.test(text[j]!)) j++;
    if (j < text.length && !/\s/.test(text[j]!)) continue;
    let k = j;
    while (k < text.length && (text[k] === ' ' || text[k] === '\t')) k++;
    if (k >= text.length || text[k] === '\n') {
      push(j);
      i = j - 1;
      continue;
    }
    const next = text.slice(k).match(/^["“‘(]?([\p{L}\p{N}]+)/u);
    if (!next) continue;
    const nextWord = next[1]!;
    if (!/^[\p{Lu}\p{N}"“‘(]/u.test(text[k]!)) continue;
    if (ch === '.') {
      const before = tokenBefore(text, i);
      const isInitial = /^\p{Lu}$/u.test(before);
      if ((ABBREVIATIONS.has(before) || isInitial) && !STARTERS.has(nextWord)) continue;
    }
    if ((ch === '?' || ch === '!') && /["”’]/.test(text[j - 1]!) && /^\p{Ll}/u.test(nextWord)) continue;
    push(j);
    i = j - 1;
  }
  push(text.length);
  return out;
}
