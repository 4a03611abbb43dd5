/**
 * `npm run bench -- editor --stylebook N[,N…]`: what a newsroom's stylebook adds to a review.
 *
 * For each size N, a stylebook of N entries (prefer, avoid and accept, some case-sensitive;
 * about one in fifty drawn from the words such copy uses, so entries fire, the rest new
 * words) is written as the CSV export and imported (parsed, checked and compiled) on the
 * clock. Then `analyze` runs on fresh 1,000-word stories, paired: one story without the
 * stylebook and another with it, order alternated (a story is never analysed twice:
 * harper.js remembers what it linted). The stylebook pass alone is timed on the same
 * story as its analysis, which is the figure least moved by a busy machine. The import is
 * timed twice: parsed and compiled in memory, and through the stylebook service into a fresh
 * SQLite database (checked, merged and saved in one transaction), as the Import button does.
 *
 * Targets (issue 33): at most 10% added to analyze on 1,000 fresh words with 5,000
 * entries; import of 5,000 lines in under a second.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseStylebookCsv, stylebookToCsv } from '../src/shared/stylebook-csv';
import { systemClock } from '../src/server/clock';
import { openDatabase } from '../src/server/db';
import { createStylebookService } from '../src/server/services/stylebook';
import type { StylebookEntryFields } from '../src/shared/schemas/stylebook';
import { analyze, warmEditor } from '../src/server/editor/index';
import { compileStylebook } from '../src/server/editor/stylebook/compile';
import { withStylebook } from '../src/server/editor/stylebook/findings';
import { buildDocument } from '../src/server/editor/text/document';
import { copyGenerator } from './editor-copy';
import { rng } from './support';

export const STYLEBOOK_TARGETS = { addedShare: 0.1, importMs: 1000 };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** N entries: a few from the copy's own words (so they fire), the rest words no story holds. */
export function stylebookOf(size: number, seed: number): StylebookEntryFields[] {
  const r = rng(seed ^ 0x5eed);
  const sample = copyGenerator(seed ^ 0xb00c).text(3000);
  const lower = [...new Set(sample.match(/\b[a-z]{6,}\b/g) ?? [])];
  const names = [...new Set(sample.match(/\b[A-Z][a-z]{4,}\b/g) ?? [])];
  const word = () => Array.from({ length: 5 + r.int(6) }, () => String.fromCharCode(97 + r.int(26))).join('');
  const entries: StylebookEntryFields[] = [];
  const used = new Set<string>();
  const fresh = (make: () => string) => {
    for (;;) {
      const t = make();
      if (!used.has(t.toLowerCase())) {
        used.add(t.toLowerCase());
        return t;
      }
    }
  };
  for (let i = 0; i < size; i++) {
    const fromCopy = i % 50 === 0;
    const kind = i % 3;
    if (kind === 0) {
      const term = fresh(() => (fromCopy && lower.length ? `${r.pick(lower)}-house` : `${word()} ${word()}`));
      const variant = fromCopy ? term.replace('-house', '') : term.replace(' ', '');
      entries.push({ type: 'prefer', term, variants: [variant], replacement: '', note: 'House spelling.', caseSensitive: false });
    } else if (kind === 1) {
      const term = fresh(() => (fromCopy && lower.length ? r.pick(lower) : word()));
      entries.push({
        type: 'avoid',
        term,
        variants: [],
        replacement: r.next() < 0.5 ? word() : '',
        note: 'The desk avoids it.',
        caseSensitive: false,
      });
    } else {
      const term = fresh(() => (fromCopy && names.length ? r.pick(names) : `${word()[0]!.toUpperCase()}${word()}`));
      entries.push({ type: 'accept', term, variants: [], replacement: '', note: '', caseSensitive: r.next() < 0.3 });
    }
  }
  return entries;
}

interface StylebookRow {
  entries: number;
  importMs: number;
  savedMs: number;
  without: number;
  with: number;
  passMs: number;
  hits: number;
}

export async function measureStylebook(o: { sizes: number[]; samples: number; warmup: number; seed: number }): Promise<StylebookRow[]> {
  console.log(
    `\nStylebook: analyze on fresh 1,000-word stories with and without N entries, ${o.samples} pairs after ${o.warmup}, seed ${o.seed}\n`,
  );
  await warmEditor();
  const copy = copyGenerator(o.seed);
  const rows: StylebookRow[] = [];
  for (const size of o.sizes) {
    const csv = stylebookToCsv(stylebookOf(size, o.seed + size));
    const started = performance.now();
    const parsed = parseStylebookCsv(csv);
    if (!parsed.ok) throw new Error(`bench editor: the generated stylebook does not import: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
    const stylebook = compileStylebook(parsed.entries.map((e, i) => ({ ...e, id: i + 1 })));
    const importMs = performance.now() - started;
    const savedMs = await importThroughService(csv);
    const without: number[] = [];
    const withBook: number[] = [];
    const pass: number[] = [];
    let hits = 0;
    for (let round = 0; round < o.warmup + o.samples; round++) {
      const plain = copy.text(1000);
      const styled = copy.text(1000);
      const runPlain = async () => {
        const t = performance.now();
        await analyze(plain, { waitForGrammar: true });
        return performance.now() - t;
      };
      const runStyled = async () => {
        const t = performance.now();
        const a = await analyze(styled, { waitForGrammar: true, stylebook });
        const ms = performance.now() - t;
        const doc = buildDocument(styled);
        const p = performance.now();
        withStylebook(doc, a.findings, stylebook);
        return { ms, passMs: performance.now() - p, hits: a.findings.filter((f) => f.ruleId.startsWith('house/')).length };
      };
      let plainMs: number;
      let styledRun: Awaited<ReturnType<typeof runStyled>>;
      if (round % 2 === 0) {
        plainMs = await runPlain();
        styledRun = await runStyled();
      } else {
        styledRun = await runStyled();
        plainMs = await runPlain();
      }
      if (round < o.warmup) continue;
      without.push(plainMs);
      withBook.push(styledRun.ms);
      pass.push(styledRun.passMs);
      hits += styledRun.hits;
    }
    rows.push({
      entries: size,
      importMs,
      savedMs,
      without: median(without),
      with: median(withBook),
      passMs: median(pass),
      hits: hits / o.samples,
    });
  }
  console.log(
    'entries  import (memory / saved)  analyze p50 without  with      stylebook pass p50  share of analyze  house findings/story',
  );
  for (const r of rows)
    console.log(
      `${String(r.entries).padStart(7)}  ${r.importMs.toFixed(1).padStart(6)} / ${r.savedMs.toFixed(1).padStart(6)} ms  ${r.without.toFixed(1).padStart(8)} ms  ${r.with.toFixed(1).padStart(8)} ms  ${r.passMs.toFixed(2).padStart(10)} ms  ${((100 * r.passMs) / r.without).toFixed(1).padStart(14)}%  ${r.hits.toFixed(1).padStart(10)}`,
    );
  return rows;
}

export function reportStylebookTargets(rows: StylebookRow[]): void {
  console.log('\nTargets (issue 33):');
  for (const r of rows.filter((x) => x.entries > 0)) {
    const share = r.passMs / r.without;
    const paired = r.with / r.without - 1;
    console.log(
      `  ${r.entries.toLocaleString('en-US')} entries add at most ${STYLEBOOK_TARGETS.addedShare * 100}% to analyze: stylebook pass ${(100 * share).toFixed(1)}% (paired medians ${paired >= 0 ? '+' : ''}${(100 * paired).toFixed(1)}%) — ${share <= STYLEBOOK_TARGETS.addedShare ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  ${r.entries.toLocaleString('en-US')} lines imported in under ${STYLEBOOK_TARGETS.importMs} ms (saved to the database): ${r.savedMs.toFixed(1)} ms — ${r.savedMs < STYLEBOOK_TARGETS.importMs ? 'met' : 'MISSED'}`,
    );
  }
}

/** The CSV imported by a person without a team through the stylebook service, into a fresh database: milliseconds. */
async function importThroughService(csv: string): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bench-stylebook-'));
  const { db, dialect } = openDatabase(path.join(dir, 'app.db'));
  try {
    const [user] = await db
      .insert(db.tables.users)
      .values({ username: 'desk', email: 'desk@news.example', passwordHash: 'not-a-hash' })
      .returning();
    const service = createStylebookService(db, systemClock);
    const started = performance.now();
    const result = await service.importCsv(user!, csv);
    const ms = performance.now() - started;
    if (!result.ok) throw new Error(`bench editor: the stylebook service refused the import: ${JSON.stringify(result.errors.slice(0, 3))}`);
    return ms;
  } finally {
    await dialect.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
