/**
 * Runs in a child process started by extract.ts, one file per process: the parsers
 * meet untrusted bytes here, where a hang or a memory blow-up can be killed without
 * touching the server. Receives one job over IPC, answers once, exits.
 */
// Each parser is imported only by the job that needs it: the process starts for one file.

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

/** @param {any} job */
async function run(job) {
  try {
    switch (job.kind) {
      case 'pdf':
        return await pdfText(job.bytes, job.maxPages, job.maxChars);
      case 'docx': {
        const { default: mammoth } = await import('mammoth');
        return { ok: true, text: (await mammoth.extractRawText({ buffer: Buffer.from(job.bytes) })).value };
      }
      case 'doc': {
        const { default: WordExtractor } = await import('word-extractor');
        return { ok: true, text: (await new WordExtractor().extract(Buffer.from(job.bytes))).getBody() };
      }
      case 'csv':
        return { ok: true, text: await csvText(job.text) };
      default:
        return { ok: false, reason: 'unreadable' };
    }
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

// The server went away (or killed the job): nothing is waiting for the answer.
process.once('disconnect', () => process.exit(0));

process.once('message', async (job) => {
  const result = await run(job);
  process.send?.(result, () => process.exit(0));
});
