import retextEnglish from 'retext-english';
import retextRedundantAcronyms from 'retext-redundant-acronyms';
import retextSimplify from 'retext-simplify';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { schema as acronyms } from '../../../node_modules/retext-redundant-acronyms/lib/schema.js';
import { patterns } from '../../../node_modules/retext-simplify/lib/patterns.js';
import { SIMPLIFY_IGNORE } from './retext';
import { retextMayReport } from './retext-prefilter';

const processor = unified().use(retextEnglish).use(retextSimplify, { ignore: SIMPLIFY_IGNORE }).use(retextRedundantAcronyms);
const reports = (text: string) => {
  const file = new VFile(text);
  processor.runSync(processor.parse(file), file);
  return file.messages.length > 0;
};

const shapes = [
  (p: string) => `The council said it would ${p} next week.`,
  (p: string) => `${p.toUpperCase()} was on the agenda.`,
  (p: string) => `Officials said the plan, "${p.replace(/^(\w)(\w)/, '$1-$2')}," was new.`,
  (p: string) => `Residents\nsaid ${p.replace(/ /g, '\n')}s, the mayor said.`,
];

describe('retextMayReport', () => {
  it('says yes wherever retext-simplify or retext-redundant-acronyms reports', () => {
    const phrases = [
      ...Object.keys(patterns),
      ...Object.entries(acronyms).flatMap(([a, list]) => list.flatMap((e) => [`${a} ${e.slice(1).join(' ')}`, `${a}, ${e.at(-1)}`])),
    ];
    let reported = 0;
    for (const phrase of phrases)
      for (const shape of shapes) {
        const text = shape(phrase);
        if (!reports(text)) continue;
        reported++;
        expect(retextMayReport(text, SIMPLIFY_IGNORE), text).toBe(true);
      }
    expect(reported).toBeGreaterThan(500);
  });

  it('says no for copy with none of their phrases', () => {
    const text =
      'SPRINGFIELD, Ill. (AP) — Police arrested a 34-year-old man on Tuesday after a break-in at a hardware store on Main Street, officers said.\n\nThe store’s owner said the damage was minor and it would open as usual on Wednesday.';
    expect(reports(text)).toBe(false);
    expect(retextMayReport(text, SIMPLIFY_IGNORE)).toBe(false);
  });

  it('says yes for an acronym followed by its expansion in plural', () => {
    expect(retextMayReport('Thieves broke into two ATM machines overnight.', SIMPLIFY_IGNORE)).toBe(true);
    expect(retextMayReport('He will start the engine.', SIMPLIFY_IGNORE)).toBe(false);
  });
});
