import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { TestApp } from '../../test-app';
import { SESSION_COOKIE } from '../auth/sessions';
import { temporaryUpload, type IncomingFile, type ReceivedFile } from './upload-file';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** A file from `fixtures/` (real files made by LibreOffice or by hand; see its README). */
export const fixture = (name: string): Uint8Array => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

/** Bytes written to a temporary file, as the multipart reader hands an upload over. */
export function receivedFile(filename: string, bytes: Uint8Array | string): ReceivedFile {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const target = temporaryUpload();
  fs.writeFileSync(target.path, data);
  return { filename, path: target.path, sizeBytes: data.byteLength, dispose: target.dispose };
}

/** An upload ready to be read, as the multipart reader would hand it over. */
export const fileOf = (filename: string, bytes: Uint8Array | string): IncomingFile => ({
  read: async () => receivedFile(filename, bytes),
});

export interface ZipEntrySpec {
  name: string;
  data: Uint8Array | string;
  /** Written into the headers instead of the real inflated size (a lying archive). */
  declaredSize?: number;
}

/**
 * A zip archive built byte by byte (deflated entries, local headers, central directory),
 * so tests can make archives no zip tool would: huge declared sizes, lies, thousands of entries.
 */
export function buildZip(entries: readonly ZipEntrySpec[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data);
    const compressed = zlib.deflateRawSync(data);
    const crc = zlib.crc32(data);
    const size = entry.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** The parts of a minimal .docx around `body` (WordprocessingML paragraphs). */
export function docxEntries(paragraphs: readonly string[]): ZipEntrySpec[] {
  const xml = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${p}</w:t></w:r></w:p>`).join('');
  return [
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${xml}</w:body></w:document>`,
    },
  ];
}

/** A multipart upload through `app.request`, as a browser's FormData sends it. */
export function upload(
  t: TestApp,
  o: { token?: string; filename: string; bytes: Uint8Array | string; conversationId?: number; field?: string },
) {
  const form = new FormData();
  const bytes = typeof o.bytes === 'string' ? new TextEncoder().encode(o.bytes) : o.bytes;
  form.append(o.field ?? 'file', new Blob([bytes as Uint8Array<ArrayBuffer>]), o.filename);
  const query = o.conversationId === undefined ? '' : `?conversationId=${o.conversationId}`;
  return t.app.request(`/api/files/upload${query}`, {
    method: 'POST',
    body: form,
    headers: { origin: t.config.appOrigin, ...(o.token ? { cookie: `${SESSION_COOKIE}=${o.token}` } : {}) },
  });
}

const SIXTEEN_MB = 16 * 1024 * 1024;

/** `bytes` zeros through zlib at level 9 (a zlib stream, or raw deflate), without holding the zeros. */
async function deflatedZeros(bytes: number, o: { raw?: boolean } = {}): Promise<Buffer> {
  const deflate = o.raw ? zlib.createDeflateRaw({ level: 9 }) : zlib.createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(SIXTEEN_MB);
  for (let left = bytes; left > 0; left -= zeros.length) {
    if (!deflate.write(left >= zeros.length ? zeros : zeros.subarray(0, left))) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(parts);
}

/** A one-page PDF whose content stream inflates to `inflatedBytes` of zeros. */
export async function flateBombPdf(inflatedBytes: number): Promise<Uint8Array> {
  const stream = await deflatedZeros(inflatedBytes);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ];
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (b: Buffer) => {
    chunks.push(b);
    length += b.length;
  };
  push(Buffer.from('%PDF-1.4\n'));
  objects.forEach((body, i) => {
    offsets.push(length);
    push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`));
  });
  offsets.push(length);
  push(Buffer.from(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`));
  push(stream);
  push(Buffer.from('\nendstream\nendobj\n'));
  const xref = length;
  push(Buffer.from(`xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`));
  push(Buffer.from(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(chunks));
}
