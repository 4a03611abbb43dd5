/**
 * Runs in a child process started by extract.ts, one file per process: the parsers
 * meet untrusted bytes here, where a hang or a memory blow-up can be killed without
 * touching the server. Receives one job over IPC, answers once, exits.
 */
// Each parser is imported only by the job that needs it: the process starts for one file.

import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { chunkText, normalizeText } from './text-prep.mjs';
import { createInflate } from 'node:zlib';

class InflateLimit extends Error {}

/**
 * Inflates every Flate stream of a PDF into nothing, counting bytes, before the parser
 * sees the file: a small PDF can hold a stream that inflates to gigabytes, and the
 * parser would hold all of it. Images are left out (a text parser never decodes them);
 * the kernel's memory limit on this process still bounds one that lies.
 * @param {Buffer} bytes @param {number} maxBytes
 */
async function checkPdfStreams(bytes, maxBytes) {
  let total = 0;
  let at = 0;
  for (;;) {
    const keyword = bytes.indexOf('stream', at, 'latin1');
    if (keyword < 0) return;
    at = keyword + 6;
    if (keyword >= 3 && bytes.toString('latin1', keyword - 3, keyword) === 'end') continue;
    let start = at;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] !== 0x0a) continue;
    start++;
    const window = bytes.toString('latin1', Math.max(0, keyword - 4096), keyword);
    const dict = window.slice(Math.max(0, window.lastIndexOf('obj')));
    const end = bytes.indexOf('endstream', start, 'latin1');
    if (end < 0) return;
    at = end + 9;
    if (!/\/FlateDecode|\/Fl\b/.test(dict) || /\/Subtype\s*\/Image/.test(dict)) continue;
    total = await inflatedSize(bytes.subarray(start, end), maxBytes - total, total);
  }
}

/** @param {Buffer} compressed @param {number} budget @param {number} before */
function inflatedSize(compressed, budget, before) {
  return new Promise((resolve, reject) => {
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    let size = 0;
    let settled = false;
    const finish = (/** @type {unknown} */ error) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(before + size);
    };
    inflate.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > budget) {
        inflate.destroy();
        finish(new InflateLimit());
      }
    });
    inflate.on('end', () => finish());
    // A damaged stream is the parser's business; only its size is checked here.
    inflate.on('error', () => finish());
    inflate.end(compressed);
  });
}

/** Strict UTF-8 with no NUL: a file that is really binary (or UTF-16) fails here. @param {Buffer} bytes */
function decodeText(bytes) {
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  return text.includes('\u0000') ? null : text;
}

/** @param {Uint8Array} bytes @param {number} maxPages @param {number} maxChars */
async function pdfText(bytes, maxPages, maxChars) {
  const { getDocumentProxy } = await import('unpdf');
  let pdf;
  try {
    pdf = await getDocumentProxy(bytes, {
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      stopAtErrors: false,
      verbosity: 0,
    });
  } catch (e) {
    return { ok: false, reason: e instanceof Error && e.name === 'PasswordException' ? 'encrypted' : 'unreadable' };
  }
  if (pdf.numPages > maxPages) return { ok: false, reason: 'too-many-pages', pages: pdf.numPages };
  const pages = [];
  let length = 0;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    pages.push(pageText(content.items));
    const text = pages[pages.length - 1];
    page.cleanup();
    length += text.length;
    if (length > maxChars) return { ok: false, reason: 'too-much-text' };
  }
  await pdf.destroy();
  return { ok: true, text: pages.join('\n\n'), pages: pages.length };
}

/**
 * A page's lines, with a blank line where the vertical gap between two lines is
 * larger than a line's height allows: PDFs keep no paragraphs, only positions.
 * @param {any[]} items
 */
function pageText(items) {
  let text = '';
  let lineY = Number.NaN;
  let lineHeight = 0;
  let atLineStart = true;
  for (const item of items) {
    if (!('str' in item)) continue;
    if (atLineStart && item.str.trim() !== '') {
      const y = item.transform[5];
      const height = Math.abs(item.height || item.transform[3]) || lineHeight;
      if (text && lineY - y > PARAGRAPH_GAP * Math.max(height, lineHeight)) text = `${text.trimEnd()}\n\n`;
      lineY = y;
      lineHeight = height;
      atLineStart = false;
    }
    text += item.str;
    if (item.hasEOL) {
      text += '\n';
      atLineStart = true;
    }
  }
  return text;
}

/** Lines further apart than this many line heights start a new paragraph. */
const PARAGRAPH_GAP = 1.6;

/** @param {string} text */
async function csvText(text) {
  const { parse: parseCsv } = await import('csv-parse/sync');
  /** @type {string[][]} */
  const rows = parseCsv(text, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true });
  return rows.map((cells) => cells.map((c) => c.trim()).join(' | ')).join('\n');
}

/**
 * The raw text normalised and cut into passages, or the reason it cannot be kept.
 * @param {any} job
 */
async function run(job) {
  const raw = await rawText(job);
  if (!raw.ok) return raw;
  if (raw.text.length > job.maxChars * 2) return { ok: false, reason: 'too-much-text' };
  const text = normalizeText(raw.text);
  if (text === '') return { ok: false, reason: 'no-text' };
  if (text.length > job.maxChars) return { ok: false, reason: 'too-much-text' };
  return { ok: true, chunks: chunkText(text, job.chunk), pages: raw.pages };
}

/** @param {any} job */
async function rawText(job) {
  try {
    const bytes = await readFile(job.path);
    switch (job.kind) {
      case 'pdf':
        await checkPdfStreams(bytes, job.maxInflatedBytes);
        return await pdfText(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), job.maxPages, job.maxChars);
      case 'docx': {
        const { default: mammoth } = await import('mammoth');
        return { ok: true, text: (await mammoth.extractRawText({ buffer: bytes })).value };
      }
      case 'doc': {
        const { default: WordExtractor } = await import('word-extractor');
        return { ok: true, text: (await new WordExtractor().extract(bytes)).getBody() };
      }
      case 'txt':
      case 'md':
      case 'csv': {
        const text = decodeText(bytes);
        if (text === null) return { ok: false, reason: 'not-utf8' };
        if (text.length > job.maxChars * 2) return { ok: false, reason: 'too-much-text' };
        return { ok: true, text: job.kind === 'csv' ? await csvText(text) : text };
      }
      default:
        return { ok: false, reason: 'unreadable' };
    }
  } catch (e) {
    return { ok: false, reason: e instanceof InflateLimit || e instanceof RangeError ? 'too-complex' : 'unreadable' };
  }
}

// Reading a file must not take the CPU from the server's request thread (a lower priority is always allowed).
try {
  setPriority(19);
} catch {
  // Not on every platform.
}

// The server went away (or killed the job): nothing is waiting for the answer.
process.once('disconnect', () => process.exit(0));

process.once('message', async (job) => {
  const result = await run(job);
  process.send?.(result, () => process.exit(0));
});
