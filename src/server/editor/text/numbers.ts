const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** Spelled numbers from ten to ninety-nine, as a regex source ("twenty-five", "twenty five"). */
export const SPELLED_10_TO_99 = `(?:${TEENS.join('|')}|(?:${TENS.slice(2).join('|')})(?:[-\\s](?:${UNITS.slice(1).join('|')}))?)`;
export const SPELLED_1_TO_9 = `(?:${UNITS.slice(1).join('|')})`;
export const SPELLED_ANY = `(?:${SPELLED_10_TO_99}|${SPELLED_1_TO_9})`;

/** Value of a spelled number below 100 ("twenty-five" → 25), or null. */
export function spelledValue(words: string): number | null {
  const w = words.toLowerCase().trim();
  const u = UNITS.indexOf(w);
  if (u >= 0) return u;
  const t = TEENS.indexOf(w);
  if (t >= 0) return 10 + t;
  const m = w.match(/^([a-z]+)(?:[-\s]([a-z]+))?$/);
  if (!m) return null;
  const tens = TENS.indexOf(m[1]!);
  if (tens < 2) return null;
  if (!m[2]) return tens * 10;
  const unit = UNITS.indexOf(m[2]);
  return unit > 0 ? tens * 10 + unit : null;
}

/** Spells 0–99 ("twenty-five"). */
export function spell(n: number): string {
  if (n < 10) return UNITS[n]!;
  if (n < 20) return TEENS[n - 10]!;
  const t = TENS[Math.floor(n / 10)]!;
  return n % 10 ? `${t}-${UNITS[n % 10]}` : t;
}

const ORDINAL_WORDS = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'];
export const ordinalWord = (n: number) => ORDINAL_WORDS[n] ?? null;

export function ordinalSuffix(n: number): string {
  const h = n % 100;
  if (h >= 11 && h <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

const SPELLED_ORDINALS: Record<string, number> = {
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
  fortieth: 40,
  fiftieth: 50,
  sixtieth: 60,
  seventieth: 70,
  eightieth: 80,
  ninetieth: 90,
};
export const SPELLED_ORDINAL_10_PLUS = `(?:(?:${TENS.slice(2).join('|')})-(?:${ORDINAL_WORDS.slice(1).join('|')})|${Object.keys(SPELLED_ORDINALS).join('|')})`;

export function spelledOrdinalValue(word: string): number | null {
  const w = word.toLowerCase();
  if (w in SPELLED_ORDINALS) return SPELLED_ORDINALS[w]!;
  const m = w.match(/^([a-z]+)-([a-z]+)$/);
  if (!m) return null;
  const tens = TENS.indexOf(m[1]!);
  const unit = ORDINAL_WORDS.indexOf(m[2]!);
  return tens >= 2 && unit > 0 ? tens * 10 + unit : null;
}
