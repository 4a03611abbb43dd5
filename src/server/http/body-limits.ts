import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { UPLOAD_MESSAGES, UPLOAD_PATH } from '../../shared/uploads';
import { uploadBodyLimit } from '../services/documents/limits';
import { API_PREFIXES, refuseNonJson } from './security';

export const JSON_BODY_LIMIT = 1024 * 1024;

/** `/api/*` and `/trpc/*` as Hono matches them: the prefix's bare path too. */
const isUnderApi = (path: string) => API_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));

export interface BodyLimits {
  /** MAX_UPLOAD_MB: the largest file an upload may carry. */
  maxUploadMb: number;
  /** Paths whose bodies are not JSON (multipart uploads, signed webhooks). */
  nonJsonPaths: readonly string[];
}

/**
 * Runs an API request's route once its body may be read: JSON where JSON is due, and no larger
 * than its limit (a declared length is judged before the route runs; a chunked body is counted as
 * it is read). Anything else runs its route as it is.
 */
export function withinBodyLimits(limits: BodyLimits): (c: Context, next: Next) => Promise<Response | void> {
  const tooLarge = (c: Context) => c.json({ message: 'Request body is too large' }, 413);
  const limitJsonBody = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
  const uploadBytes = uploadBodyLimit(limits.maxUploadMb);
  return async (c, next) => {
    // GETs carry no body; wrapping their request stream anyway costs every read.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || !isUnderApi(c.req.path)) return next();
    const refused = refuseNonJson(c, limits.nonJsonPaths);
    if (refused) return refused;
    if (c.req.path === UPLOAD_PATH) {
      // Uploads are limited to MAX_UPLOAD_MB: a declared length over it is refused here, and the multipart
      // reader counts the streamed bytes itself, so a chunked body is never buffered whole.
      if (Number(c.req.header('content-length') ?? 0) <= uploadBytes) return next();
      return c.json({ success: false, message: UPLOAD_MESSAGES.tooLarge(limits.maxUploadMb) }, 413);
    }
    if (limits.nonJsonPaths.includes(c.req.path)) return next();
    // Hono's bodyLimit reads `raw.body`, which turns the server's lightweight request into a web
    // stream and takes the body off @hono/node-server's direct read; a declared length is checked here
    // the same way, and only chunked bodies are counted through it.
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number.parseInt(length, 10) > JSON_BODY_LIMIT ? tooLarge(c) : next();
    }
    return limitJsonBody(c, next);
  };
}
