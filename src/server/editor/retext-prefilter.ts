import pluralize from 'pluralize';
// the plugins' own word lists (their packages export only the plugins)
import { schema as acronyms } from '../../../node_modules/retext-redundant-acronyms/lib/schema.js';
import { patterns } from '../../../node_modules/retext-simplify/lib/patterns.js';

/**
 * Whether retext-simplify or retext-redundant-acronyms could report anything in
 * `text`: a cheap test that never says no where the plugins would find something,
 * so the costly retext parse runs only on copy that may hold a finding.
 *
 * The plugins compare words as nlcst-normalize writes them: lower case, with
 * hyphens and apostrophes removed. A word's normal form is then a stretch of the
 * whole text's normal form, and the spaces between words stay spaces.
 */
export function retextMayReport(text: string, ignore: readonly string[]): boolean {
  const lower = text.toLowerCase().replace(/’/g, "'");
  return simplifyMayReport(lower.replace(/[-']/g, ''), ignore) || acronymMayReport(lower);
}

// parse-latin's white space: words of a phrase are separated by it alone
const SPACE = '[\\t-\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]+';
const normal = (word: string) => word.toLowerCase().replace(/’/g, "'").replace(/[-']/g, '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

interface PhraseTest {
  /** The phrase's longest word: a phrase whose every word is absent is skipped with one indexOf. */
  longest: string;
  pattern: RegExp;
}

const phraseTests = new Map<readonly string[], PhraseTest[]>();

function simplifyMayReport(normalText: string, ignore: readonly string[]): boolean {
  let tests = phraseTests.get(ignore);
  if (!tests) {
    tests = Object.keys(patterns)
      .filter((p) => !ignore.includes(p))
      .map((p) => {
        const words = p.split(' ').map(normal);
        return {
          longest: words.reduce((a, b) => (b.length > a.length ? b : a)),
          pattern: new RegExp(words.map(escape).join(SPACE)),
        };
      });
    phraseTests.set(ignore, tests);
  }
  return tests.some((t) => normalText.includes(t.longest) && t.pattern.test(normalText));
}

const expansions = new Map(Object.entries(acronyms).map(([a, list]) => [a.toLowerCase(), list]));
const longestAcronym = Math.max(...[...expansions.keys()].map((a) => a.length));

/**
 * retext-redundant-acronyms reports an acronym followed by the next word of its
 * expansion in singular ("ATM machines"). The acronym and that word are made of
 * ASCII letters, hyphens and apostrophes, so each lies in a run of such characters
 * and begins and ends at the run's ends or at a hyphen or apostrophe in it.
 */
function acronymMayReport(lower: string): boolean {
  const runs = (lower.match(/[a-z0-9'-]+/g) ?? []).map((run) => run.split(/[-']+/).filter(Boolean));
  for (let r = 0; r < runs.length; r++) {
    const pieces = runs[r]!;
    for (let i = 0; i < pieces.length; i++) {
      let word = '';
      for (let j = i; j < pieces.length && word.length < longestAcronym; j++) {
        word += pieces[j];
        const list = expansions.get(word);
        if (list && list.some((expansion) => nextWordFits(runs, r, j + 1, expansion))) return true;
      }
    }
  }
  return false;
}

/** Whether the first word after piece `from` of run `r` could be, in singular, a later word of the expansion. */
function nextWordFits(runs: readonly string[][], r: number, from: number, expansion: readonly string[]): boolean {
  while (r < runs.length && from >= runs[r]!.length) {
    r++;
    from = 0;
  }
  const pieces = runs[r] ?? [];
  let word = '';
  for (let k = from; k < pieces.length; k++) {
    word += pieces[k];
    if (expansion.indexOf(pluralize.singular(word), 1) !== -1) return true;
  }
  return false;
}
