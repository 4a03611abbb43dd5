import fs from 'node:fs';
import { UPLOAD_MESSAGES, uploadKindOf, type UploadKind } from '../../../shared/uploads';
import { DOCUMENT_LIMITS } from './limits';
import { DocumentProblem } from './problem';
import { inspectZip, ZipLimitExceeded } from './zip';

/** A file on disk whose kind its name and its first bytes agree on; only the extraction process parses it. */
export interface CheckedFile {
  kind: UploadKind;
  path: string;
  sizeBytes: number;
}

/** An upload waiting on disk. */
export interface StoredUpload {
  path: string;
  sizeBytes: number;
}

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const PDF_MAGIC = Buffer.from('%PDF-');
/** Readers accept a PDF header anywhere in the first kilobyte (some writers put junk before it). */
const PDF_HEADER_WINDOW = 1024;

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, PDF_HEADER_WINDOW)).includes(PDF_MAGIC);
}

async function readHead(file: string, bytes: number): Promise<Uint8Array> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
  } finally {
    await handle.close();
  }
}

async function checkDocx(head: Uint8Array, file: string): Promise<void> {
  const mismatch = new DocumentProblem('mismatch', UPLOAD_MESSAGES.contentMismatch('docx'));
  if (!startsWith(head, ZIP_MAGIC)) throw mismatch;
  let names: Set<string>;
  try {
    ({ names } = await inspectZip(file, {
      maxEntries: DOCUMENT_LIMITS.maxZipEntries,
      maxUncompressedBytes: DOCUMENT_LIMITS.maxZipUncompressedBytes,
      maxXmlBytes: DOCUMENT_LIMITS.maxZipXmlBytes,
    }));
  } catch (e) {
    if (e instanceof ZipLimitExceeded) throw new DocumentProblem('too-complex', UPLOAD_MESSAGES.tooComplex);
    throw new DocumentProblem('unreadable', UPLOAD_MESSAGES.unreadable('docx'));
  }
  if (!names.has('word/document.xml')) throw mismatch;
}

/**
 * Checks a file by its extension and by its content (magic bytes, zip directory and
 * inflated sizes), before any parser sees it; text is decoded (strict UTF-8) by the
 * extraction process. Throws `DocumentProblem` with the user's message.
 */
export async function checkFile(filename: string, upload: StoredUpload): Promise<CheckedFile> {
  const kind: UploadKind | null = uploadKindOf(filename);
  if (!kind) throw new DocumentProblem('unsupported', UPLOAD_MESSAGES.unsupported);
  if (upload.sizeBytes === 0) throw new DocumentProblem('empty', UPLOAD_MESSAGES.empty);
  const head = await readHead(upload.path, PDF_HEADER_WINDOW);
  const checked = { kind, path: upload.path, sizeBytes: upload.sizeBytes };
  switch (kind) {
    case 'pdf':
      if (!isPdf(head)) throw new DocumentProblem('mismatch', UPLOAD_MESSAGES.contentMismatch(kind));
      return checked;
    case 'doc':
      if (!startsWith(head, OLE_MAGIC)) throw new DocumentProblem('mismatch', UPLOAD_MESSAGES.contentMismatch(kind));
      return checked;
    case 'docx':
      await checkDocx(head, upload.path);
      return checked;
    default:
      // A renamed PDF, Word file or zip says what it really is rather than failing as "not UTF-8".
      if ([[...PDF_MAGIC], ZIP_MAGIC, OLE_MAGIC].some((magic) => startsWith(head, magic))) {
        throw new DocumentProblem('mismatch', UPLOAD_MESSAGES.contentMismatch(kind));
      }
      return checked;
  }
}
