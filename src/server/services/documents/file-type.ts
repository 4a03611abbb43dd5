import { UPLOAD_MESSAGES, uploadKindOf, type UploadKind } from '../../../shared/uploads';
import { DOCUMENT_LIMITS } from './limits';
import { DocumentProblem } from './problem';
import { inspectZip, ZipLimitExceeded } from './zip';

export type CheckedFile = { kind: 'pdf' | 'doc' | 'docx'; bytes: Uint8Array } | { kind: 'txt' | 'csv' | 'md'; text: string };

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const PDF_MAGIC = Buffer.from('%PDF-');
/** Readers accept a PDF header anywhere in the first kilobyte (some writers put junk before it). */
const PDF_HEADER_WINDOW = 1024;

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

function isPdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, PDF_HEADER_WINDOW)).includes(PDF_MAGIC);
}

/** Strict UTF-8 with no NUL: a file that is really binary (or UTF-16) fails here. */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new DocumentProblem('not-utf8', UPLOAD_MESSAGES.notUtf8);
  }
  if (text.includes('\u0000')) throw new DocumentProblem('not-utf8', UPLOAD_MESSAGES.notUtf8);
  return text;
}

async function checkDocx(bytes: Uint8Array): Promise<void> {
  const mismatch = new DocumentProblem('mismatch', UPLOAD_MESSAGES.contentMismatch('docx'));
  if (!startsWith(bytes, ZIP_MAGIC)) throw mismatch;
  let names: Set<string>;
  try {
    ({ names } = await inspectZip(bytes, {
      maxEntries: DOCUMENT_LIMITS.maxZipEntries,
      maxUncompressedBytes: DOCUMENT_LIMITS.maxZipUncompressedBytes,
    }));
  } catch (e) {
    if (e instanceof ZipLimitExceeded) throw new DocumentProblem('too-complex', UPLOAD_MESSAGES.tooComplex);
    throw new DocumentProblem('unreadable', UPLOAD_MESSAGES.unreadable('docx'));
  }
  if (!names.has('word/document.xml')) throw mismatch;
}

/**
 * Checks a file by its extension and by its content (magic bytes, zip directory,
 * UTF-8), before any parser sees it. Throws `DocumentProblem` with the user's message.
 */
export async function checkFile(filename: string, bytes: Uint8Array): Promise<CheckedFile> {
  const kind: UploadKind | null = uploadKindOf(filename);
  if (!kind) throw new DocumentProblem('unsupported', UPLOAD_MESSAGES.unsupported);
  if (bytes.byteLength === 0) throw new DocumentProblem('empty', UPLOAD_MESSAGES.empty);
  switch (kind) {
    case 'pdf':
      if (!isPdf(bytes)) throw new DocumentProblem('mismatch', UPLOAD_MESSAGES.contentMismatch(kind));
      return { kind, bytes };
    case 'doc':
      if (!startsWith(bytes, OLE_MAGIC)) throw new DocumentProblem('mismatch', UPLOAD_MESSAGES.contentMismatch(kind));
      return { kind, bytes };
    case 'docx':
      await checkDocx(bytes);
      return { kind, bytes };
    default:
      // A renamed PDF, Word file or zip says what it really is rather than failing as "not UTF-8".
      if ([[...PDF_MAGIC], ZIP_MAGIC, OLE_MAGIC].some((magic) => startsWith(bytes, magic))) {
        throw new DocumentProblem('mismatch', UPLOAD_MESSAGES.contentMismatch(kind));
      }
      return { kind, text: decodeText(bytes) };
  }
}
