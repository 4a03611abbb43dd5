import fs from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../../shared/uploads';
import { extractText, normalizeText, stopExtraction, warmExtraction } from './extract';
import { checkFile } from './file-type';
import { DOCUMENT_LIMITS } from './limits';
import { DocumentProblem, type ProblemReason } from './problem';
import { buildZip, docxEntries, fixture, flateBombPdf, receivedFile } from './test-support';

const STORY_LINES = [
  'Council approves riverfront budget',
  'The Millbrook City Council voted 7-2 on Tuesday to approve a $4.2 million budget for the riverfront park, Mayor Dana Ortiz said.',
  'Construction of the café pavilion and a naïve-art mural wall begins in May',
  'pending a final environmental review.',
];

async function read(filename: string, bytes: Uint8Array | string, options?: Parameters<typeof extractText>[1]) {
  const file = receivedFile(filename, bytes);
  try {
    return await extractText(await checkFile(filename, file), options);
  } finally {
    await file.dispose();
  }
}

/** The reason a file is refused (fails the test if it is read). */
async function refusal(
  filename: string,
  bytes: Uint8Array | string,
  options?: Parameters<typeof extractText>[1],
): Promise<{ reason: ProblemReason; message: string }> {
  try {
    await read(filename, bytes, options);
  } catch (e) {
    if (e instanceof DocumentProblem) return { reason: e.reason, message: e.message };
    throw e;
  }
  throw new Error(`${filename} was read`);
}

/** Lines wrapped by a PDF's layout are compared as running text. */
const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('extraction of real files', () => {
  it.each([
    ['story.pdf', 'quokka-pdf'],
    ['story.docx', 'quokka-docx'],
    ['story.doc', 'quokka-doc'],
    ['story.txt', 'quokka-txt'],
  ])('reads the story from %s', async (name, marker) => {
    const { text } = await read(name, fixture(name));
    for (const line of STORY_LINES) expect(flat(text)).toContain(line);
    expect(text).toContain(`Reference marker: ${marker}.`);
    // Paragraphs survive as blank lines (a PDF's are rebuilt from the gaps between lines).
    expect(text.split('\n\n')).toHaveLength(4);
    expect(text).not.toMatch(/\n{3,}|[ \t]\n/);
  });

  it('counts the pages of a PDF', async () => {
    expect(await read('story.pdf', fixture('story.pdf'))).toMatchObject({ pages: 1 });
  });

  it('reads a CSV as one line per record, cells separated, quotes resolved', async () => {
    const { text } = await read('story.csv', fixture('story.csv'));
    expect(text.split('\n')).toEqual([
      'date | reporter | headline | words',
      '2026-03-02 | Dana Ortiz | Council approves riverfront budget, 7-2 | 640',
      '2026-03-03 | Lee "Scoop" Park | Flood barrier delayed again | 512',
      '2026-03-04 | Sam Reyes | Reference marker: quokka-csv | 98',
    ]);
  });

  it('keeps Markdown as written', async () => {
    const { text } = await read('story.md', fixture('story.md'));
    expect(text).toBe(new TextDecoder().decode(fixture('story.md')).trim());
    expect(text).toContain('- Reference marker: quokka-md.');
  });

  it('accepts names in any case and a UTF-8 byte order mark', async () => {
    const { text } = await read('NOTES.TXT', '\ufeffCity hall closes early on Friday.\r\nStaff go home at noon.');
    expect(text).toBe('City hall closes early on Friday.\nStaff go home at noon.');
  });
});

describe('files refused before or during extraction', () => {
  it('refuses extensions outside the six kinds, naming the accepted ones', async () => {
    for (const name of ['story.rtf', 'story.pdf.exe', 'story', '.pdf.png']) {
      expect(await refusal(name, fixture('story.txt'))).toEqual({ reason: 'unsupported', message: UPLOAD_MESSAGES.unsupported });
    }
  });

  it('refuses an empty file of any kind', async () => {
    for (const name of ['a.pdf', 'a.docx', 'a.doc', 'a.txt', 'a.csv', 'a.md']) {
      expect((await refusal(name, new Uint8Array(0))).reason).toBe('empty');
    }
  });

  it('refuses a file whose content is not what its extension says', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(await refusal('photo.pdf', png)).toEqual({ reason: 'mismatch', message: UPLOAD_MESSAGES.contentMismatch('pdf') });
    expect((await refusal('story.doc', fixture('story.docx'))).reason).toBe('mismatch');
    expect((await refusal('story.docx', fixture('story.doc'))).reason).toBe('mismatch');
    expect((await refusal('story.md', fixture('story.pdf'))).reason).toBe('mismatch');
    expect((await refusal('story.csv', fixture('story.docx'))).reason).toBe('mismatch');
    // A zip that is not a Word document (no word/document.xml), say a renamed spreadsheet.
    const sheet = buildZip([{ name: 'xl/workbook.xml', data: '<workbook/>' }]);
    expect((await refusal('budget.docx', sheet)).reason).toBe('mismatch');
  });

  it('refuses text files that are binary, NUL-filled or not UTF-8', async () => {
    expect(await refusal('zeros.txt', new Uint8Array(10_000))).toEqual({ reason: 'not-utf8', message: UPLOAD_MESSAGES.notUtf8 });
    expect((await refusal('latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6f, 0x6c, 0xe9]))).reason).toBe('not-utf8');
    const utf16 = new Uint8Array(Buffer.from('\ufeffThe council voted.', 'utf16le'));
    expect((await refusal('notes.md', utf16)).reason).toBe('not-utf8');
    expect((await refusal('mixed.csv', 'a,b\n1,\u00002\n')).reason).toBe('not-utf8');
  });

  it('refuses a file with no text in it', async () => {
    expect((await refusal('blank.txt', ' \n\n\t \r\n')).reason).toBe('no-text');
    const empty = await PDFDocument.create();
    empty.addPage();
    expect(await refusal('scan.pdf', await empty.save())).toEqual({ reason: 'no-text', message: UPLOAD_MESSAGES.noText });
    expect((await refusal('empty.docx', buildZip(docxEntries([])))).reason).toBe('no-text');
  });

  it('refuses a damaged file of each binary kind as unreadable', async () => {
    const garbage = new TextEncoder().encode('x'.repeat(2000));
    expect((await refusal('broken.pdf', new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n'), ...garbage]))).reason).toBe(
      'unreadable',
    );
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect((await refusal('broken.doc', ole)).reason).toBe('unreadable');
    const truncated = fixture('story.docx').slice(0, 2000);
    expect((await refusal('broken.docx', truncated)).reason).toBe('unreadable');
    expect(await refusal('broken.csv', 'a,b\n"never closed,1\n')).toEqual({
      reason: 'unreadable',
      message: UPLOAD_MESSAGES.unreadable('csv'),
    });
  });

  it('refuses a PDF protected by a password', async () => {
    expect(await refusal('locked.pdf', fixture('locked.pdf'))).toEqual({ reason: 'encrypted', message: UPLOAD_MESSAGES.encrypted });
  });

  it('refuses a PDF with more pages than the limit, without reading them', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const pages = DOCUMENT_LIMITS.maxPdfPages + 1;
    for (let i = 0; i < pages; i++) pdf.addPage([200, 200]).drawText(`Page ${i + 1}`, { x: 20, y: 100, font, size: 12 });
    expect(await refusal('minutes.pdf', await pdf.save())).toEqual({
      reason: 'too-many-pages',
      message: UPLOAD_MESSAGES.tooManyPages(pages, DOCUMENT_LIMITS.maxPdfPages),
    });
  });

  it('refuses a docx zip bomb by its declared size before any parser opens it', async () => {
    const [types, rels, body] = docxEntries(['The council voted.']);
    const bomb = buildZip([types!, rels!, body!, { name: 'word/media/huge.bin', data: 'x', declaredSize: 0xfff00000 }]);
    expect(await refusal('bomb.docx', bomb)).toEqual({ reason: 'too-complex', message: UPLOAD_MESSAGES.tooComplex });
  });

  it('refuses a docx whose entries inflate to more than they declare', async () => {
    const [types, rels] = docxEntries([]);
    const lying = buildZip([types!, rels!, { name: 'word/document.xml', data: 'a'.repeat(5_000_000), declaredSize: 100 }]);
    expect((await refusal('lying.docx', lying)).reason).toBe('unreadable');
  });

  it('refuses a docx with more zip entries than the limit', async () => {
    const entries = docxEntries(['The council voted.']);
    for (let i = 0; entries.length <= DOCUMENT_LIMITS.maxZipEntries; i++) entries.push({ name: `word/media/image${i}.png`, data: '' });
    expect((await refusal('many.docx', buildZip(entries))).reason).toBe('too-complex');
    // One entry fewer is fine: the limit is the count, not something else about the file.
    expect((await read('fine.docx', buildZip(entries.slice(0, DOCUMENT_LIMITS.maxZipEntries)))).text).toBe('The council voted.');
  });

  it('refuses a PDF whose compressed stream inflates past the limit, before the parser holds it', async () => {
    const bomb = await flateBombPdf(DOCUMENT_LIMITS.maxPdfInflatedBytes + 32 * 1024 * 1024);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(await refusal('bomb.pdf', bomb)).toEqual({ reason: 'too-complex', message: UPLOAD_MESSAGES.tooComplex });
  });

  it('refuses a docx whose XML declares a DTD (entity expansion)', async () => {
    const [types, rels] = docxEntries([]);
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE w:document [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol2;</w:t></w:r></w:p></w:body></w:document>';
    const file = buildZip([types!, rels!, { name: 'word/document.xml', data: laughs }]);
    expect(await refusal('laughs.docx', file)).toEqual({ reason: 'too-complex', message: UPLOAD_MESSAGES.tooComplex });
  });

  it('refuses a docx with more XML than a parser may build a tree of, however well it compresses', async () => {
    const paragraph = '<w:p><w:r><w:t>The council voted on the budget.</w:t></w:r></w:p>';
    const count = Math.ceil((DOCUMENT_LIMITS.maxZipXmlBytes + 1024) / paragraph.length);
    const [types, rels, body] = docxEntries(['x']);
    const huge = buildZip([
      types!,
      rels!,
      { name: body!.name, data: (body!.data as string).replace('<w:p>', paragraph.repeat(count) + '<w:p>') },
    ]);
    expect(huge.byteLength).toBeLessThan(1024 * 1024);
    expect(await refusal('huge.docx', huge)).toEqual({ reason: 'too-complex', message: UPLOAD_MESSAGES.tooComplex });
  });

  it('ends an extraction that allocates past the process memory limit, which the kernel enforces', async () => {
    const paragraph = '<w:p><w:r><w:t>The council voted on the budget.</w:t></w:r></w:p>';
    const [types, rels, body] = docxEntries(['x']);
    const big = buildZip([
      types!,
      rels!,
      { name: body!.name, data: (body!.data as string).replace('<w:p>', paragraph.repeat(20_000) + '<w:p>') },
    ]);
    expect(await refusal('big.docx', big, { memoryMb: 160 })).toEqual({ reason: 'too-complex', message: UPLOAD_MESSAGES.tooComplex });
    expect((await read('big.docx', big)).text.length).toBeGreaterThan(600_000);
  });

  it('refuses, never hangs, when the process that starts extractions dies mid-file, and starts a new one for the next', async () => {
    const pending = refusal('story.pdf', fixture('story.pdf'));
    // The spawner is started by the first extraction; end it while that one runs.
    await new Promise((resolve) => setTimeout(resolve, 50));
    stopExtraction();
    expect((await pending).reason).toBe('too-complex');
    expect((await read('story.pdf', fixture('story.pdf'))).text).toContain('quokka-pdf');
  });

  it.runIf(fs.existsSync('/proc/self/stat'))(
    'starts extraction processes from a process at nice 19, so they inherit it before Node starts up',
    async () => {
      warmExtraction();
      const niceOfSpawner = () => {
        for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
          try {
            if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('extract-spawner.mjs')) continue;
            const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
            // Fields after the command name, which is in parentheses: ppid is the 2nd, nice the 17th.
            const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
            if (Number(fields[1]) === process.pid) return Number(fields[16]);
          } catch {
            // the process ended while being read
          }
        }
        return undefined;
      };
      await expect.poll(niceOfSpawner, { timeout: 10_000 }).toBe(19);
      expect((await read('story.pdf', fixture('story.pdf'))).text).toContain('quokka-pdf');
    },
  );

  it('stops an extraction that runs past the time limit', async () => {
    expect(await refusal('story.pdf', fixture('story.pdf'), { timeoutMs: 1 })).toEqual({
      reason: 'too-complex',
      message: UPLOAD_MESSAGES.tooComplex,
    });
    // The same file within the normal limit is read, so the refusal above was the time limit.
    expect((await read('story.pdf', fixture('story.pdf'))).text).toContain('quokka-pdf');
  });

  it('refuses a document with more text than the character cap', async () => {
    const text = 'The council voted 7-2 on Tuesday.\n\n'.repeat(100);
    expect(await refusal('long.txt', text, { maxChars: 1_000 })).toEqual({
      reason: 'too-much-text',
      message: UPLOAD_MESSAGES.tooMuchText(1_000),
    });
    expect((await refusal('long.pdf', fixture('story.pdf'), { maxChars: 100 })).reason).toBe('too-much-text');
    expect((await refusal('long.docx', fixture('story.docx'), { maxChars: 100 })).reason).toBe('too-much-text');
    expect((await read('long.txt', text, { maxChars: 10_000 })).text.length).toBeLessThanOrEqual(10_000);
  });
});

describe('normalizeText', () => {
  it('unifies line ends, drops control characters and trailing spaces, keeps at most one blank line', () => {
    expect(normalizeText('\ufeffHead  \r\n\r\n\r\n\r\nBody\u0007 text\u2028next\rend \t')).toBe('Head\n\nBody text\nnext\nend');
    // PostgreSQL's text cannot hold NUL, which a PDF's text layer or a Word file's can.
    expect(normalizeText('Budget\u0000 vote\u0000')).toBe('Budget vote');
  });

  it('composes accents so search and counts treat them as one character', () => {
    expect(normalizeText('cafe\u0301')).toBe('café');
  });
});
