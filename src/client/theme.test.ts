import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = path.dirname(new URL(import.meta.url).pathname);
const THEME_CSS = fs.readFileSync(path.join(CLIENT, 'theme.css'), 'utf8');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const FAMILIES =
  'white|black|brand|slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose';
const COLOUR_CLASS = new RegExp(
  `(?:^|[\\s'"\`:])(?:bg|text|border(?:-[trblxy])?|ring(?:-offset)?|outline|divide|from|via|to|fill|stroke|shadow|decoration|accent|caret|placeholder)-((?:${FAMILIES})(?:-\\d{2,3})?)(?:/\\d+)?(?=[\\s'"\`]|$)`,
  'g',
);

/** Every palette colour a class in the client names, e.g. 'slate-900' for `hover:text-slate-900/80`. */
function coloursInUse(): Set<string> {
  const used = new Set<string>();
  for (const file of sources(CLIENT)) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(COLOUR_CLASS)) used.add(match[1]!);
  }
  return used;
}

function declaredIn(selector: string): Set<string> {
  const start = THEME_CSS.indexOf(`${selector} {`);
  const block = THEME_CSS.slice(start, THEME_CSS.indexOf('}', start));
  return new Set(Array.from(block.matchAll(/--color-([\w-]+):/g), (m) => m[1]!));
}

describe('the dark palette', () => {
  const dark = declaredIn(":root[data-theme='dark']");

  it('has a dark value for every palette colour a component uses', () => {
    const used = coloursInUse();
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((colour) => !dark.has(colour)).sort()).toEqual([]);
  });

  it('is undone by light-palette for each colour it changes', () => {
    expect([...declaredIn('.light-palette')].sort()).toEqual([...dark].sort());
  });
});
