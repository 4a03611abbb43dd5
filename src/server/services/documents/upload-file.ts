import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** An upload on disk: the body was streamed to a temporary file, never held whole in memory. */
export interface ReceivedFile {
  filename: string;
  path: string;
  sizeBytes: number;
  /** Removes the temporary file; safe to call twice. */
  dispose(): Promise<void>;
}

/** An upload not yet read: the service reads it only after the caller may upload there. */
export interface IncomingFile {
  read(maxBytes: number): Promise<ReceivedFile>;
}

/** Where uploads wait while they are checked and read; each file is removed once its upload answers. */
export const UPLOAD_TMP_DIR = path.join(os.tmpdir(), 'copydesk-uploads');

/** A fresh temporary path for one upload, and the function that removes it. */
export function temporaryUpload(): { path: string; dispose: () => Promise<void> } {
  fs.mkdirSync(UPLOAD_TMP_DIR, { recursive: true, mode: 0o700 });
  const file = path.join(UPLOAD_TMP_DIR, randomUUID());
  return { path: file, dispose: () => fs.promises.rm(file, { force: true }) };
}
