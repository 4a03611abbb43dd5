import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES, UPLOAD_PATH } from '../../../shared/uploads';
import { startServerUnderTest, type ServerUnderTest } from '../../fuzz/server-under-test';
import { DOCUMENT_LIMITS } from './limits';
import { buildZip, docxEntries, fixture, flateBombPdf } from './test-support';

const MB = 1024 * 1024;
const GIB = 1024 * MB;

/** A .docx whose word/document.xml is `xml`. */
function docxWithDocument(xml: string): Uint8Array {
  const [types, rels] = docxEntries([]);
  return buildZip([types!, rels!, { name: 'word/document.xml', data: xml }]);
}

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

/** The billion laughs: ten levels of ten references, a gigabyte of "lol" from a kilobyte of XML. */
function billionLaughsXml(): string {
  const entities = ['<!ENTITY lol0 "lol">'];
  for (let i = 1; i <= 9; i++) entities.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
  return `<?xml version="1.0"?><!DOCTYPE w:document [${entities.join('')}]><w:document ${W}><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>`;
}

/** A document.xml of `bytes` of ordinary paragraphs: it compresses to a few hundred KB. */
function hugeXml(bytes: number): string {
  const paragraph = '<w:p><w:r><w:t>The council voted on the budget.</w:t></w:r></w:p>';
  return `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body>${paragraph.repeat(Math.ceil(bytes / paragraph.length))}</w:body></w:document>`;
}

let sut: ServerUnderTest;
beforeAll(async () => {
  sut = await startServerUnderTest();
});
afterAll(() => sut?.close());

interface UploadAnswer {
  status: number;
  body: { success?: boolean; message?: string };
}

/** A browser's multipart upload over HTTP, as the subscriber. */
async function upload(filename: string, bytes: Uint8Array): Promise<UploadAnswer> {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
  const headers = { origin: sut.origin, cookie: sut.subscriber.cookie()! };
  const res = await fetch(`${sut.base}${UPLOAD_PATH}`, { method: 'POST', body: form, headers });
  const text = await res.text();
  let body: UploadAnswer['body'];
  try {
    body = JSON.parse(text) as UploadAnswer['body'];
  } catch {
    body = { message: `not JSON: ${text.slice(0, 200)}` };
  }
  return { status: res.status, body };
}

/** Runs `work` while another signed-in client reads its account in a loop; returns both outcomes. */
async function whileAnotherClientReads<T>(work: () => Promise<T>): Promise<{ result: T; otherStatuses: Array<number | string> }> {
  const otherStatuses: Array<number | string> = [];
  let done = false;
  const reader = (async () => {
    while (!done || otherStatuses.length === 0) {
      try {
        const res = await fetch(`${sut.base}/api/user`, { headers: { cookie: sut.member.cookie()! }, signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        otherStatuses.push(res.status);
      } catch (e) {
        otherStatuses.push(e instanceof Error ? `${e.message}: ${(e.cause as Error | undefined)?.message ?? ''}` : String(e));
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    return { result: await work(), otherStatuses };
  } finally {
    done = true;
    await reader;
  }
}

async function expectRefusedWhileOthersAreServed(filename: string, bytes: Uint8Array, message: string) {
  const { result, otherStatuses } = await whileAnotherClientReads(() => upload(filename, bytes));
  expect(result, filename).toMatchObject({ status: 400, body: { success: false, message } });
  expect(otherStatuses.length).toBeGreaterThan(0);
  expect(new Set(otherStatuses), `the other client's reads during ${filename}`).toEqual(new Set([200]));
  expect(await sut.serving()).toEqual({ listening: true, status: 200 });
  expect(sut.takeFailures()).toEqual([]);
}

describe('hostile files uploaded over HTTP are refused with a clear 400, and the server goes on serving others', () => {
  it('a docx zip bomb: an entry of 200 MB of zeros in a 200 KB file', async () => {
    const [types, rels, body] = docxEntries(['The council voted.']);
    const bomb = buildZip([
      types!,
      rels!,
      body!,
      { name: 'word/media/zeros.bin', data: new Uint8Array(DOCUMENT_LIMITS.maxZipUncompressedBytes * 2) },
    ]);
    expect(bomb.byteLength).toBeLessThan(MB);
    await expectRefusedWhileOthersAreServed('bomb.docx', bomb, UPLOAD_MESSAGES.tooComplex);
  }, 60_000);

  it('a docx zip bomb whose headers lie about the inflated size', async () => {
    const [types, rels, body] = docxEntries(['The council voted.']);
    const bomb = buildZip([
      types!,
      rels!,
      body!,
      { name: 'word/media/zeros.bin', data: new Uint8Array(DOCUMENT_LIMITS.maxZipUncompressedBytes * 2), declaredSize: 1_000 },
    ]);
    const { result, otherStatuses } = await whileAnotherClientReads(() => upload('lying.docx', bomb));
    expect(result.status).toBe(400);
    expect([UPLOAD_MESSAGES.tooComplex, UPLOAD_MESSAGES.unreadable('docx')]).toContain(result.body.message);
    expect(new Set(otherStatuses)).toEqual(new Set([200]));
    expect(sut.takeFailures()).toEqual([]);
  }, 60_000);

  it('a 1 MB PDF holding a 1 GiB flate stream', async () => {
    const pdf = await flateBombPdf(GIB);
    expect(pdf.byteLength).toBeLessThan(1.1 * MB);
    await expectRefusedWhileOthersAreServed('flate-bomb.pdf', pdf, UPLOAD_MESSAGES.tooComplex);
  }, 90_000);

  it('a docx with XML entity expansion (billion laughs)', async () => {
    await expectRefusedWhileOthersAreServed('laughs.docx', docxWithDocument(billionLaughsXml()), UPLOAD_MESSAGES.tooComplex);
  }, 60_000);

  it('a docx with 95 MB of XML, compressed small', async () => {
    const docx = docxWithDocument(hugeXml(95 * MB));
    expect(docx.byteLength).toBeLessThan(MB);
    await expectRefusedWhileOthersAreServed('huge-xml.docx', docx, UPLOAD_MESSAGES.tooComplex);
  }, 90_000);

  it('a truncated docx', async () => {
    const story = fixture('story.docx');
    await expectRefusedWhileOthersAreServed(
      'truncated.docx',
      story.slice(0, Math.floor(story.byteLength / 2)),
      UPLOAD_MESSAGES.unreadable('docx'),
    );
  }, 60_000);

  it('a truncated PDF: its header and the start of its first object', async () => {
    const story = fixture('story.pdf');
    await expectRefusedWhileOthersAreServed('truncated.pdf', story.slice(0, 200), UPLOAD_MESSAGES.unreadable('pdf'));
  }, 60_000);

  it('a mislabelled file: a .pdf holding plain text', async () => {
    await expectRefusedWhileOthersAreServed(
      'report.pdf',
      new TextEncoder().encode('The council voted 7-2 on Tuesday.\n'.repeat(200)),
      UPLOAD_MESSAGES.contentMismatch('pdf'),
    );
  }, 60_000);

  it('two flate bombs and a 95 MB-XML docx at once: each refused, the others still served', async () => {
    const pdf = await flateBombPdf(GIB);
    const docx = docxWithDocument(hugeXml(95 * MB));
    const { result, otherStatuses } = await whileAnotherClientReads(() =>
      Promise.all([upload('one.pdf', pdf), upload('two.pdf', pdf), upload('three.docx', docx)]),
    );
    // A refusal may also be "busy" (429) when the extraction queue is full; never a 5xx, never accepted.
    for (const answer of result) {
      expect(answer.body.success).toBe(false);
      expect([400, 429]).toContain(answer.status);
      expect([UPLOAD_MESSAGES.tooComplex, UPLOAD_MESSAGES.busy]).toContain(answer.body.message);
    }
    expect(new Set(otherStatuses)).toEqual(new Set([200]));
    expect(await sut.serving()).toEqual({ listening: true, status: 200 });
    expect(sut.takeFailures()).toEqual([]);
  }, 120_000);
});
