import type { Message } from '../api-types';
import { UPLOAD_FIELD, UPLOAD_PATH } from '~/shared/uploads';

export interface UploadedDocument {
  id: number;
  filename: string;
  chars: number;
}

export type UploadOutcome =
  | {
      ok: true;
      message: string;
      document: UploadedDocument | null;
      /** The editor's review of the document, when the server wrote one. */
      review: Message | string | null;
      /** The review is also saved in the conversation (so refreshing it shows the review). */
      reviewPosted: boolean;
    }
  | {
      ok: false;
      status: number;
      /** The server's message, null when it sent none (or the network failed). */
      message: string | null;
      code?: string;
      teamName?: string;
    };

/** A document the server took, with where it went. */
export type UploadSuccess = Extract<UploadOutcome, { ok: true }> & { filename: string; conversationId: number };

function parse(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

/** Reads the upload answer: `{success, message, document, review?}` or an error body. */
export function readUploadAnswer(status: number, text: string): UploadOutcome {
  const body = parse(text);
  if (status >= 200 && status < 300 && body?.success !== false) {
    const review = body?.review;
    return {
      ok: true,
      message: str(body?.message) ?? '',
      document: (body?.document as UploadedDocument | undefined) ?? null,
      review: typeof review === 'string' || (review && typeof review === 'object') ? (review as Message | string) : null,
      reviewPosted: body?.reviewPosted === true,
    };
  }
  return {
    ok: false,
    status,
    message: str(body?.message) ?? (body ? null : str(text.slice(0, 300))),
    code: str(body?.code) ?? undefined,
    teamName: str(body?.teamName) ?? undefined,
  };
}

/**
 * Sends a document to the editor. XMLHttpRequest rather than fetch because only
 * it reports upload progress. Resolves with the outcome (also for refusals);
 * rejects only when aborted.
 */
export function uploadDocument(
  file: File,
  o: { conversationId: number | null; onProgress?: (fraction: number) => void; signal?: AbortSignal },
): Promise<UploadOutcome> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = o.conversationId ? `?conversationId=${encodeURIComponent(String(o.conversationId))}` : '';
    xhr.open('POST', `${UPLOAD_PATH}${query}`);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) o.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve(readUploadAnswer(xhr.status, xhr.responseText ?? ''));
    xhr.onerror = () => resolve({ ok: false, status: 0, message: null });
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    o.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, file.name);
    xhr.send(form);
  });
}
