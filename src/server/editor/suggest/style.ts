import type { Word } from './nlp';

/** A piece of a suggestion and the words of the revised story it was written from. */
export interface Piece {
  text: string;
  /** Story offsets of the source words, so a finding on them rules the suggestion out. */
  from: Word[];
}

const SPELLED: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

/** AP's state abbreviations; the eight states AP never abbreviates are missing on purpose. */
export const AP_STATES: Record<string, string> = {
  Alabama: 'Ala.',
  Arizona: 'Ariz.',
  Arkansas: 'Ark.',
  California: 'Calif.',
  Colorado: 'Colo.',
  Connecticut: 'Conn.',
  Delaware: 'Del.',
  Florida: 'Fla.',
  Georgia: 'Ga.',
  Illinois: 'Ill.',
  Indiana: 'Ind.',
  Kansas: 'Kan.',
  Kentucky: 'Ky.',
  Louisiana: 'La.',
  Maryland: 'Md.',
  Massachusetts: 'Mass.',
  Michigan: 'Mich.',
  Minnesota: 'Minn.',
  Mississippi: 'Miss.',
  Missouri: 'Mo.',
  Montana: 'Mont.',
  Nebraska: 'Neb.',
  Nevada: 'Nev.',
  'New Hampshire': 'N.H.',
  'New Jersey': 'N.J.',
  'New Mexico': 'N.M.',
  'New York': 'N.Y.',
  'North Carolina': 'N.C.',
  'North Dakota': 'N.D.',
  Oklahoma: 'Okla.',
  Oregon: 'Ore.',
  Pennsylvania: 'Pa.',
  'Rhode Island': 'R.I.',
  'South Carolina': 'S.C.',
  'South Dakota': 'S.D.',
  Tennessee: 'Tenn.',
  Vermont: 'Vt.',
  Virginia: 'Va.',
  Washington: 'Wash.',
  'West Virginia': 'W.Va.',
  Wisconsin: 'Wis.',
  Wyoming: 'Wyo.',
};

const KEEP_ARTICLE_BEFORE = /^(?:few|lot|dozen|half|third|quarter|hour|day|week|month|year|decade|minute|time|second)$/i;
const isComma = (w: Word | undefined) => !!w && /^[,;]$/.test(w.text);

export interface RenderOptions {
  /** Headline style: no articles, numerals, single quotation marks. */
  headline: boolean;
  /** Write quotation marks the copy's way: curly (‘’) or straight ('). */
  curly: boolean;
}

/** One word in headline style, or null when the headline leaves it out. */
function headlineWord(words: readonly Word[], i: number, curly: boolean): string | null {
  const w = words[i]!;
  const lower = w.text.toLowerCase();
  const prev = words[i - 1];
  const next = words[i + 1];
  if (w.pos === 'DET' && /^(?:the|a|an)$/.test(lower)) {
    if (lower !== 'the' && (prev?.pos === 'NUM' || (next && KEEP_ARTICLE_BEFORE.test(next.text)))) return w.text;
    if (lower === 'the' && next && /^(?:same|most|last|first|only)$/i.test(next.text) && prev && !isComma(prev)) return null;
    return null;
  }
  if (/^\d+-year-old$/i.test(w.text)) return null;
  const spelled = SPELLED[lower];
  if (spelled && next && (next.pos === 'NOUN' || next.pos === 'ADJ' || next.compound) && !(lower === 'one' && /^of$/i.test(next.text)))
    return spelled;
  const compound = /^(one|two|three|four|five|six|seven|eight|nine)-(.+)$/i.exec(w.text);
  if (compound) return `${SPELLED[compound[1]!.toLowerCase()]}-${compound[2]}`;
  if (/^["“]$/.test(w.text)) return curly ? '‘' : "'";
  if (/^["”]$/.test(w.text)) return curly ? '’' : "'";
  if (w.text.includes('"') || /[“”]/.test(w.text))
    return w.text.replace(/"(?=\p{L})|“/gu, curly ? '‘' : "'").replace(/"|”/g, curly ? '’' : "'");
  return w.text;
}

/** Writes words out with the copy's spacing; in headline style, headline words. */
export function render(words: readonly Word[], options: RenderOptions): string {
  let out = '';
  let open = false;
  let afterOpening = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const text = options.headline ? headlineWord(words, i, options.curly) : w.text;
    if (text === null) continue;
    const quote = /^["“”]$/.test(w.text);
    let space = out.length > 0 && !w.attached && !afterOpening;
    if (quote && open) space = false;
    out += (space ? ' ' : '') + text;
    if (quote) open = !open;
    afterOpening = quote && open;
  }
  return out.replace(/\s{2,}/g, ' ');
}

/** Cleans the seams left by dropped words: doubled commas, a comma before the end. */
export function tidy(s: string): string {
  return s
    .replace(/\s+,/g, ',')
    .replace(/,\s*,/g, ',')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,;:]+|[\s,;:]+$/g, '')
    .trim();
}

/** "Springfield, Illinois" → "Springfield, Ill."; a state before a noun ("Illinois payroll manager") too, when asked. */
export function abbreviateStates(s: string, everywhere: boolean): string {
  let out = s;
  for (const [state, abbr] of Object.entries(AP_STATES)) {
    out = out.replace(new RegExp(`(\\p{Lu}[\\p{L}.'’-]+, )${state}\\b`, 'gu'), `$1${abbr}`);
    if (everywhere) out = out.replace(new RegExp(`\\b${state}(?= \\p{Ll})`, 'gu'), abbr);
  }
  return out;
}

/** Capitalises the first letter. */
export const capitalise = (s: string) => s.replace(/^(['‘’"“]?)(\p{Ll})/u, (_, q: string, c: string) => q + c.toUpperCase());
