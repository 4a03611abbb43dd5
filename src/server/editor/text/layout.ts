/** A stretch of the text that is not running prose: a dateline or a section label. */
export interface LayoutSpan {
  start: number;
  end: number;
}

/** AP's state abbreviations for datelines, and the states and places it writes out there. */
const DATELINE_STATE =
  "(?:Ala|Ariz|Ark|Calif|Colo|Conn|Del|Fla|Ga|Ill|Ind|Kan|Ky|La|Md|Mass|Mich|Minn|Miss|Mo|Mont|Neb|Nev|Okla|Ore|Pa|Tenn|Vt|Va|Wash|Wis|Wyo)\\.|N\\.[HJMYCD]\\.|R\\.I\\.|S\\.[CD]\\.|W\\.Va\\.|D\\.C\\.|\\p{Lu}[\\p{L}'’.-]*(?: \\p{Lu}[\\p{L}'’.-]*){0,2}";
/**
 * A wire dateline opening a paragraph: the city in capitals, then an optional
 * state or country, an optional agency credit and a dash ("SPRINGFIELD, Ill. (AP) — ",
 * "ST. LOUIS (AP) — ", "DAYTON, Ohio — ").
 */
const DATELINE_RE = new RegExp(
  `^(\\p{Lu}[\\p{Lu}.'’-]+(?: \\p{Lu}[\\p{Lu}.'’-]*)*)(?:, (${DATELINE_STATE}))?(?: \\((?:AP|Reuters|\\p{Lu}[\\p{L}&.]*(?: \\p{Lu}[\\p{L}&.]*){0,3})\\))?\\s*(?:—|–|--| - )\\s*`,
  'u',
);

/** Offsets where paragraphs begin: the text's start and after every blank line or line break. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** Datelines at the start of a line ("BOISE, Idaho (AP) — "), each up to the first word of the story. */
export function findDatelines(text: string): LayoutSpan[] {
  const out: LayoutSpan[] = [];
  for (const at of lineStarts(text)) {
    let s = at;
    while (s < text.length && (text[s] === ' ' || text[s] === '\t')) s++;
    const m = DATELINE_RE.exec(text.slice(s, s + 120));
    if (!m) continue;
    const city = m[1]!;
    // a city is at least two letters and written in capitals (SPRINGFIELD, ST. LOUIS), not an acronym-led sentence
    if (city.replace(/[^\p{L}]/gu, '').length < 2) continue;
    out.push({ start: s, end: s + m[0].length });
  }
  return out;
}

/**
 * Section labels: a short line of its own written in capitals ("UP NEXT",
 * "TRAINER'S ROOM", "OTHER SCORES"), or a capitalised label ending in a colon at
 * the start of a line ("THEFT:", "UPDATE:").
 */
export function findLabels(text: string): LayoutSpan[] {
  const out: LayoutSpan[] = [];
  for (const at of lineStarts(text)) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const line = text.slice(at, end);
    const trimmed = line.trim();
    if (!trimmed) continue;
    const letters = trimmed.replace(/[^\p{L}]/gu, '');
    if (letters.length >= 2 && trimmed.length <= 60 && letters === letters.toUpperCase() && !/[.!?]$/.test(trimmed)) {
      out.push({ start: at + line.indexOf(trimmed), end: at + line.indexOf(trimmed) + trimmed.length });
      continue;
    }
    const label = /^\s*(\p{Lu}[\p{Lu}'’&-]*(?: \p{Lu}[\p{Lu}'’&-]*){0,3}):/u.exec(line);
    if (label && label[1]!.replace(/[^\p{L}]/gu, '').length >= 2) out.push({ start: at + label.index, end: at + label[0].length });
  }
  return out;
}
