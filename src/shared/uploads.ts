/** Document uploads: what the composer's file picker accepts and what the server answers. */

export const UPLOAD_KINDS = ['pdf', 'doc', 'docx', 'txt', 'csv', 'md'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The file input's `accept` attribute. */
export const UPLOAD_ACCEPT = UPLOAD_KINDS.map((k) => `.${k}`).join(',');

export const UPLOAD_PATH = '/api/files/upload';
export const UPLOAD_FIELD = 'file';

/** `MAX_UPLOAD_MB` when it is not set. */
export const DEFAULT_MAX_UPLOAD_MB = 20;

const KIND_NAMES: Record<UploadKind, string> = {
  pdf: 'PDF',
  doc: 'Word (.doc)',
  docx: 'Word (.docx)',
  txt: 'text',
  csv: 'CSV',
  md: 'Markdown',
};

export const kindName = (kind: UploadKind) => KIND_NAMES[kind];

export function uploadKindOf(filename: string): UploadKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(filename.trim())?.[1]?.toLowerCase();
  return (UPLOAD_KINDS as readonly string[]).includes(ext ?? '') ? (ext as UploadKind) : null;
}

const ACCEPTED = 'Accepted types: .pdf, .doc, .docx, .txt, .csv and .md.';

export const UPLOAD_MESSAGES = {
  success: 'Document uploaded successfully. The editor will analyze and provide editorial feedback on this document.',
  successTitle: 'File uploaded',
  failureTitle: 'Upload failed',
  failureFallback: 'Failed to upload file',
  noFile: `No file was uploaded. Send the file as multipart/form-data in the field "${UPLOAD_FIELD}".`,
  unsupported: `This file type is not supported. ${ACCEPTED}`,
  empty: 'The file is empty.',
  tooLarge: (maxMb: number) => `The file is too large. The largest file you can upload is ${maxMb} MB.`,
  contentMismatch: (kind: UploadKind) => `The file's content is not ${kindName(kind)}, as its name says. ${ACCEPTED}`,
  notUtf8: 'The file is not plain UTF-8 text. Save it as UTF-8 text and upload it again.',
  unreadable: (kind: UploadKind) => `The ${kindName(kind)} file could not be read: it may be damaged. Save it again and upload it.`,
  encrypted: 'The PDF is protected by a password. Remove the password and upload it again.',
  noText: 'No text could be found in the file. If it is a scanned document, export it with searchable text (OCR) and upload it again.',
  tooManyPages: (pages: number, max: number) =>
    `The PDF has ${pages.toLocaleString('en-US')} pages; Copydesk reads at most ${max.toLocaleString('en-US')} pages from one file. Split it into smaller files.`,
  tooMuchText: (max: number) =>
    `The file holds more text than Copydesk reads from one document (at most ${max.toLocaleString('en-US')} characters). Split it into smaller files.`,
  tooComplex: 'The file is too complex to read safely. Split it into smaller files or save it again in a simpler format.',
  busy: 'Copydesk is reading other documents right now. Try again in a moment.',
  tooMany: 'Too many uploads in a short time. Try again later.',
  quotaFull: (quotaMb: number) =>
    `Your documents have reached your storage limit of ${quotaMb} MB. Delete documents you no longer need, then upload again.`,
} as const;
