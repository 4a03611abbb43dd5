import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText } from '../src/server/services/documents/extract';
import { checkFile } from '../src/server/services/documents/file-type';
import { storyOf } from './editor';
import { runWhenMain } from './support';

const run$ = promisify(execFile);
const PAGES = 100;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Letter pages of 11 pt Helvetica news copy, wrapped to the margins, exactly `pages` of them. */
export async function buildPdf(pages = PAGES): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const [width, height, margin, size, leading] = [612, 792, 72, 11, 14];
  // Helvetica's WinAnsi encoding has no other characters.
  const words = storyOf(90_000)
    .replace(/[^\x20-\x7e\n\u2018\u2019\u201c\u201d\u2013\u2014]/g, '')
    .split(/\s+/);
  let w = 0;
  for (let p = 0; p < pages; p++) {
    const page = pdf.addPage([width, height]);
    for (let y = height - margin; y > margin; y -= leading) {
      let line = '';
      while (true) {
        const next = words[w % words.length]!;
        const candidate = line ? `${line} ${next}` : next;
        if (line && font.widthOfTextAtSize(candidate, size) > width - 2 * margin) break;
        line = candidate;
        w++;
      }
      page.drawText(line, { x: margin, y, size, font });
    }
  }
  return pdf.save();
}

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

export interface PdfExtractionResult {
  pages: number;
  /** Median wall time of Copydesk's extraction as an upload runs it (checks, child process, text clean-up). */
  copydeskMs: number;
  /** Median wall time of `pdftotext` (Debian's poppler-utils) writing the same file's text to a pipe. */
  pdftotextMs: number;
  ratio: number;
}

async function pdftotext(file: string): Promise<string> {
  try {
    return (await run$('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 256 * 1024 * 1024 })).stdout;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('pdftotext is not installed: apt-get install -y poppler-utils', { cause: e });
    throw e;
  }
}

const wordsOf = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Extracts a generated 100-page PDF with Copydesk and with pdftotext, `runs` times each after a warm-up. */
export async function measurePdfExtraction(o: { runs?: number; log?: (line: string) => void } = {}): Promise<PdfExtractionResult> {
  const runs = o.runs ?? 7;
  const log = o.log ?? (() => {});
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bench-pdf-'));
  try {
    const bytes = await buildPdf();
    const file = path.join(dir, `bench-${PAGES}.pdf`);
    fs.writeFileSync(file, bytes);
    const copydesk = async () => extractText(await checkFile('bench.pdf', { path: file, sizeBytes: fs.statSync(file).size }));

    const ours = await copydesk();
    const theirs = await pdftotext(file);
    const theirWords = wordsOf(theirs);
    const ourWords = new Set(wordsOf(ours.text));
    const agreement = theirWords.filter((x) => ourWords.has(x)).length / theirWords.length;
    log(`PDF: ${ours.pages} pages, ${(bytes.byteLength / 1024).toFixed(0)} KB, made with pdf-lib (Helvetica 11 pt)`);
    log(
      `text: Copydesk ${ours.text.length.toLocaleString('en-US')} characters, pdftotext ${theirs.length.toLocaleString('en-US')}; ${(agreement * 100).toFixed(1)}% of pdftotext's words also in Copydesk's text`,
    );

    const copydeskMs: number[] = [];
    const pdftotextMs: number[] = [];
    for (let i = 0; i < runs; i++) {
      copydeskMs.push(await timed(copydesk));
      pdftotextMs.push(await timed(() => pdftotext(file)));
    }
    const result = {
      pages: ours.pages ?? 0,
      copydeskMs: median(copydeskMs),
      pdftotextMs: median(pdftotextMs),
      ratio: median(copydeskMs) / median(pdftotextMs),
    };
    const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
    log(
      `Copydesk (pdf.js via unpdf in a child process, start-up included): median ${result.copydeskMs.toFixed(0)} ms [${fmt(copydeskMs)}]`,
    );
    log(`pdftotext (poppler-utils): median ${result.pdftotextMs.toFixed(0)} ms [${fmt(pdftotextMs)}]`);
    return result;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm run bench -- pdf-extraction [--runs N]` */
export async function run(args: string[] = []): Promise<void> {
  const i = args.indexOf('--runs');
  const runs = i >= 0 ? Number(args[i + 1]) : undefined;
  const r = await measurePdfExtraction({ runs, log: (line) => console.log(line) });
  console.log(`ratio Copydesk / pdftotext: ${r.ratio.toFixed(2)} (${r.pages} pages, median of ${runs ?? 7} runs each)`);
}

runWhenMain(import.meta.url, run);
