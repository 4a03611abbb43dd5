import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import wordListPath from 'word-list';

/**
 * Newsroom words harper.js's dictionary lacks and the broad list below misses: recent drug names,
 * sports terms and AP's closed compounds.
 */
const NEWSROOM_SUPPLEMENT = [
  'livestream',
  'livestreamed',
  'livestreaming',
  'livestreams',
  'semaglutide',
  'tirzepatide',
  'xylazine',
  'nitazene',
  'nitazenes',
  'carfentanil',
  'misoprostol',
  'pickleball',
  'midseason',
  'countywide',
  'districtwide',
  'cyberattack',
  'cyberattacks',
  'ransomware',
  'crowdfunding',
];

/**
 * The misspellings a word-game list accepts as words ("belive", "cieling", "accidently"), with their corrections:
 * cspell's list of common English and American misspellings, read by the paths its own manifest names.
 */
function commonMisspellings(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@cspell/dict-en-common-misspellings/cspell-ext.json');
  const wrong = new Map<string, string>();
  for (const file of ['dict/dict-en.json', 'dict/dict-en-us.json']) {
    const json = JSON.parse(fs.readFileSync(path.join(path.dirname(manifest), file), 'utf8')) as {
      dictionaryDefinitions: { flagWords?: string[]; suggestWords?: string[] }[];
    };
    for (const def of json.dictionaryDefinitions) {
      for (const entry of (def.flagWords ?? []).concat(def.suggestWords ?? [])) {
        const arrow = entry.indexOf('->');
        if (arrow > 0) wrong.set(entry.slice(0, arrow).trim().toLowerCase(), entry.slice(arrow + 2));
      }
    }
  }
  return wrong;
}

interface Lists {
  words: Set<string>;
  misspellings: Map<string, string>;
}

let lists: Lists | null = null;

/**
 * The newsroom word list, read once per process (about 250 ms): the `word-list` package's 274,000 English
 * words with their inflections (naloxone, incompletions, weeklong, touchback), less cspell's common
 * misspellings, plus the supplement. Call it ahead of the first analysis to keep that cost off it.
 */
export function loadNewsroomWords(): Lists {
  if (lists) return lists;
  const misspellings = commonMisspellings();
  const words = new Set<string>();
  for (const word of fs.readFileSync(wordListPath, 'utf8').split('\n')) if (word && !misspellings.has(word)) words.add(word);
  for (const word of NEWSROOM_SUPPLEMENT) words.add(word);
  lists = { words, misspellings };
  return lists;
}

const plain = (word: string) => word.toLowerCase().replace(/['’]s?$/, '');

/** Whether a word is standard in news copy; case and a possessive ending do not count. */
export function isNewsroomWord(word: string): boolean {
  return loadNewsroomWords().words.has(plain(word));
}

/** The corrections of a common misspelling of English ("sytem": ["system"]), or null for any other word. */
export function knownMisspelling(word: string): string[] | null {
  const rights = loadNewsroomWords().misspellings.get(plain(word));
  return rights === undefined ? null : rights.split(',').map((r) => r.trim());
}
