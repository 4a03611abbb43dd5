/**
 * SQLite FTS5's snippet() (unicode61 tokenizer, remove_diacritics 2), rebuilt for text that
 * PostgreSQL found: the same window of words around the matches, cut at the same places, with the
 * same ellipses, so a search result's excerpt reads alike on both engines. It follows fts5_aux.c:
 * each matching word proposes a window of `tokens` words (centred on the matches it holds, or
 * starting at its sentence); the best-scoring window wins, a window holding a word of every
 * query term scoring highest.
 */

// Letters, digits and private-use characters make words; unassigned code points do too in unicode61.
const WORD_START = /[\p{L}\p{N}\p{Co}\p{Cn}]/u;

/** unicode61 lets a word run on through these combining marks (sqlite3Fts5UnicodeIsdiacritic). */
function isDiacritic(code: number): boolean {
  if (code < 768 || code > 817) return false;
  return code < 800 ? (0x08029fdf & (1 << (code - 768))) !== 0 : (0x000361f8 & (1 << (code - 800))) !== 0;
}

interface Token {
  start: number;
  end: number;
  folded: string;
}

/** Lower case without diacritics, as unicode61 folds a word (and a query term). */
export const foldWord = (word: string): string => word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = String.fromCodePoint(text.codePointAt(i)!);
    if (!WORD_START.test(char)) {
      i += char.length;
      continue;
    }
    const start = i;
    i += char.length;
    while (i < text.length) {
      const code = text.codePointAt(i)!;
      const next = String.fromCodePoint(code);
      if (!WORD_START.test(next) && !isDiacritic(code)) break;
      i += next.length;
    }
    tokens.push({ start, end: i, folded: foldWord(text.slice(start, i)) });
  }
  return tokens;
}

/** Words that follow a '.' or ':' and white space start a sentence, as does the first. */
function sentenceStarts(text: string, tokens: Token[]): number[] {
  const starts: number[] = [];
  tokens.forEach((token, position) => {
    if (position === 0) return starts.push(0);
    let i = token.start - 1;
    while (i >= 0 && ' \t\n\r'.includes(text[i]!)) i--;
    if (i !== token.start - 1 && i >= 0 && (text[i] === '.' || text[i] === ':')) starts.push(position);
  });
  return starts;
}

/**
 * The excerpt FTS5's `snippet(table, column, '', '', ellipsis, tokens)` gives for `text` matched by
 * `terms`: each term a whole word, the last one a prefix (as the sidebar search asks).
 */
export function fts5Snippet(text: string, terms: readonly string[], { tokens: size = 16, ellipsis = '…' } = {}): string {
  const tokens = tokenize(text);
  const phrases = terms.map(foldWord);
  // One instance per (word, term) pair, in word order: two terms may match the same word.
  const instances: Array<{ phrase: number; position: number }> = [];
  tokens.forEach((token, position) =>
    phrases.forEach((phrase, i) => {
      if (i === phrases.length - 1 ? token.folded.startsWith(phrase) : token.folded === phrase) instances.push({ phrase: i, position });
    }),
  );

  const score = (from: number) => {
    const seen = new Set<number>();
    let total = 0;
    let first = -1;
    let last = 0;
    for (const { phrase, position } of instances) {
      if (position < from || position >= from + size) continue;
      total += seen.has(phrase) ? 1 : 1000;
      seen.add(phrase);
      if (first < 0) first = position;
      last = position + 1;
    }
    let adjusted = first - Math.trunc((size - (last - first)) / 2);
    if (adjusted + size > tokens.length) adjusted = tokens.length - size;
    return { total, adjusted: Math.max(adjusted, 0) };
  };

  const starts = sentenceStarts(text, tokens);
  let bestScore = 0;
  let bestStart = 0;
  for (const { position } of instances) {
    const around = score(position);
    if (around.total > bestScore) {
      bestScore = around.total;
      bestStart = around.adjusted;
    }
    if (starts.length && tokens.length > size) {
      let j = 0;
      while (j < starts.length - 1 && starts[j + 1]! <= position) j++;
      const sentence = starts[j]!;
      if (sentence < position) {
        const fromSentence = score(sentence).total + (sentence === 0 ? 120 : 100);
        if (fromSentence > bestScore) {
          bestScore = fromSentence;
          bestStart = sentence;
        }
      }
    }
  }

  const lastToken = bestStart + size - 1;
  const from = bestStart > 0 ? tokens[bestStart]!.start : 0;
  const head = bestStart > 0 ? ellipsis : '';
  if (lastToken >= tokens.length - 1) return head + text.slice(from);
  return head + text.slice(from, tokens[lastToken]!.end) + ellipsis;
}
