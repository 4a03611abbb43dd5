const FUNCTION_WORDS = new Set(
  (
    'the a an and or but of to in on at for with by from as is are was were be been has have had it its this that these those ' +
    'he she they we i you his her their our my your not no will would can could should may said says who which what when where ' +
    'than then there after before about into over under more most also just only if so up out one two all some any new'
  ).split(' '),
);

/**
 * A cheap guess whether copy is English: the share of common English function
 * words among its words, and the share of Latin letters among its letters.
 */
export function looksEnglish(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return false;
  const latin = text.match(/[A-Za-z\u00C0-\u024F]/g)?.length ?? 0;
  if (latin / letters < 0.6) return false;
  const tokens = text.toLowerCase().match(/[a-z\u00C0-\u024F']+/g) ?? [];
  if (tokens.length < 6) return true;
  let hits = 0;
  for (const t of tokens) if (FUNCTION_WORDS.has(t)) hits++;
  return hits / tokens.length >= 0.12;
}

/** Share of characters that cannot be prose: control characters and U+FFFD from broken decoding. */
export function garbageRatio(text: string): number {
  if (text.length === 0) return 0;
  let bad = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffd || (c >= 0x7f && c < 0xa0)) bad++;
  }
  return bad / text.length;
}
