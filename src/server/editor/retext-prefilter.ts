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
  const runs = wordRuns(lower);
  return simplifyMayReport(runs, lower, ignore) || acronymMayReport(runs);
}

/**
 * The text's runs of ASCII letters, digits, hyphens and apostrophes, each cut into
 * its pieces between hyphens and apostrophes. A word whose normal form is made of
 * ASCII letters is such a run's stretch of consecutive pieces: it has no other
 * character, and parse-latin ends a word only where a letter or digit does not follow.
 */
const wordRuns = (lower: string) =>
  (lower.match(/[a-z0-9'-]+/g) ?? []).map((run) => (run.includes('-') || run.includes("'") ? run.split(/[-']+/).filter(Boolean) : [run]));

/** The normal forms of stretches of consecutive pieces, as long as the longest phrase word. */
function wordForms(runs: readonly string[][], longest: number): Set<string> {
  const forms = new Set<string>();
  for (const pieces of runs) {
    if (pieces.length === 1) {
      forms.add(pieces[0]!);
      continue;
    }
    for (let i = 0; i < pieces.length; i++) {
      let word = '';
      for (let j = i; j < pieces.length && word.length < longest; j++) forms.add((word += pieces[j]));
    }
  }
  return forms;
}

// parse-latin's white space: words of a phrase are separated by it alone
const SPACE = '[\\t-\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]+';
const normal = (word: string) => word.toLowerCase().replace(/’/g, "'").replace(/[-']/g, '');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

interface PhraseTest {
  words: string[];
  /** Whether every word is ASCII letters, so it can be looked up among the text's word forms. */
  letters: boolean;
  /** The phrase in the text's normal form, its words separated by white space. */
  pattern: RegExp;
}

const phraseTests = new Map<readonly string[], { tests: PhraseTest[]; longest: number }>();

function simplifyMayReport(runs: readonly string[][], lower: string, ignore: readonly string[]): boolean {
  let list = phraseTests.get(ignore);
  if (!list) {
    const tests = Object.keys(patterns)
      .filter((p) => !ignore.includes(p))
      .map((p) => {
        const words = p.split(' ').map(normal);
        return { words, letters: words.every((w) => /^[a-z]+$/.test(w)), pattern: new RegExp(words.map(escape).join(SPACE)) };
      });
    list = { tests, longest: Math.max(...tests.flatMap((t) => t.words.map((w) => w.length))) };
    phraseTests.set(ignore, list);
  }
  const forms = wordForms(runs, list.longest);
  let normalText: string | undefined;
  for (const t of list.tests) {
    if (t.letters && !t.words.every((w) => forms.has(w))) continue;
    if (t.letters && t.words.length === 1) return true;
    normalText ??= lower.replace(/[-']/g, '');
    if (t.pattern.test(normalText)) return true;
  }
  return false;
}

const expansions = new Map(Object.entries(acronyms).map(([a, list]) => [a.toLowerCase(), list]));
const longestAcronym = Math.max(...[...expansions.keys()].map((a) => a.length));

/**
 * retext-redundant-acronyms reports an acronym followed by the next word of its
 * expansion in singular ("ATM machines"). The acronym and that word are made of
 * ASCII letters, hyphens and apostrophes, so each lies in a run of such characters
 * and begins and ends at the run's ends or at a hyphen or apostrophe in it.
 */
function acronymMayReport(runs: readonly string[][]): boolean {
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
