import { buildDocument } from '../text/document';
import { tokens } from '../text/nlp';

/** Universal part-of-speech tags, as wink-nlp's English model gives them. */
export type Pos =
  | 'ADJ'
  | 'ADP'
  | 'ADV'
  | 'AUX'
  | 'CCONJ'
  | 'DET'
  | 'INTJ'
  | 'NOUN'
  | 'NUM'
  | 'PART'
  | 'PRON'
  | 'PROPN'
  | 'PUNCT'
  | 'SCONJ'
  | 'SYM'
  | 'VERB'
  | 'X'
  | 'SPACE';

/**
 * A word as a headline writer handles it: tokens written together stay together
 * ("212-unit", "city's", "$1.4", "12%"), punctuation stands alone.
 * Offsets are into the text that was tagged.
 */
export interface Word {
  text: string;
  pos: Pos;
  lemma: string;
  start: number;
  end: number;
  /** A hyphenated compound ("two-run", "Minneapolis-based"): a modifier, never a verb. */
  compound: boolean;
  /** Written against the word before it, with no space ("n't", a closing quote, a comma). */
  attached: boolean;
}

const MID_WORD = /^[-–'’]$/;
const punctuation = (pos: Pos, value: string) => pos === 'PUNCT' || (pos === 'SYM' && !/^[$%&#@]$/.test(value));

/** Tags a sentence and joins its tokens into words; `base` is added to every offset. */
export function tagWords(text: string, base = 0): Word[] {
  // the review's own tagger (one wink-nlp model per process), read for this sentence
  const tagged = tokens(buildDocument(text));
  const values = tagged.map((t) => t.text);
  const pos = tagged.map((t) => t.pos as Pos);
  const lemmas = tagged.map((t) => t.lemma);
  // whether a space comes before token i (and after the last one, as at a sentence's end)
  const spaced = (i: number) => (i >= tagged.length ? true : i === 0 || tagged[i]!.start > tagged[i - 1]!.end);
  const words: Word[] = [];
  let glueNext = false;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    const { start, end } = tagged[i]!;
    const p = pos[i]!;
    const prev = words[words.length - 1];
    const attached = prev !== undefined && start === prev.end;
    const midWord = attached && MID_WORD.test(value) && !spaced(i + 1) && !punctuation(prev.pos, prev.text);
    const joins =
      attached &&
      (glueNext ||
        midWord ||
        (p === 'PART' && /^['’]s?$/i.test(value)) ||
        (/^['’]$/.test(value) && /s$/i.test(prev.text) && spaced(i + 1)) ||
        value === '%' ||
        prev.text === '$' ||
        (!punctuation(p, value) && !punctuation(prev.pos, prev.text) && !/^(?:['’]|n['’]t$)/i.test(value)));
    if (prev && joins) {
      prev.text = text.slice(prev.start, end);
      prev.end = end;
      if (midWord && /^[-–]$/.test(value)) prev.compound = true;
      if (prev.text.startsWith('$') || value === '%') prev.pos = 'NUM';
      else if (glueNext) {
        prev.pos = p;
        prev.lemma = lemmas[i]!;
      }
      glueNext = midWord;
      continue;
    }
    glueNext = false;
    words.push({ text: value, pos: p, lemma: lemmas[i]!, start, end, compound: false, attached });
  }
  const out = nicknames(words, text);
  if (base)
    for (const w of out) {
      w.start += base;
      w.end += base;
    }
  return out;
}

/** A quoted nickname inside a name (Margaret "Peg" Ellison) is one proper noun. */
function nicknames(words: Word[], text: string): Word[] {
  for (let i = 0; i + 2 < words.length; i++) {
    if (!/^["“]$/.test(words[i]!.text) || words[i - 1]?.pos !== 'PROPN') continue;
    let j = i + 1;
    while (j < words.length && j - i <= 3 && /^\p{Lu}/u.test(words[j]!.text) && !/^["”]$/.test(words[j]!.text)) j++;
    if (j === i + 1 || !/^["”]$/.test(words[j]?.text ?? '') || !/^\p{Lu}/u.test(words[j + 1]?.text ?? '')) continue;
    const start = words[i]!.start;
    const end = words[j]!.end;
    words.splice(i, j - i + 1, {
      text: text.slice(start, end),
      pos: 'PROPN',
      lemma: text.slice(start, end),
      start,
      end,
      compound: false,
      attached: false,
    });
  }
  return words;
}
