import type { Context } from 'hono';

// A long run of letters and digits with at least one digit: a random token, never a route word.
const TOKEN_SEGMENT = /^(?=.*\d)[A-Za-z0-9_-]{20,}$/;

// The path arrives percent-decoded: a %0A would otherwise start a forged log line.
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/g;
const HAS_DIGIT_OR_CONTROL = /[\d\u0000-\u001f\u007f\u2028\u2029]/;

/** The path as it may be logged: control characters re-encoded, token-like segments (invitation links) masked. */
export function loggablePath(path: string): string {
  // Most paths (no digit, nothing to encode) need neither step.
  if (!HAS_DIGIT_OR_CONTROL.test(path)) return path;
  return path
    .replace(CONTROL, (ch) => encodeURIComponent(ch))
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? ':token' : segment))
    .join('/');
}

/** One line per request; the path only, never the query (reset tokens travel there) nor a token in the path. */
export function logRequest(log: (line: string) => void, c: Context, startedAt: number): void {
  const ms = (performance.now() - startedAt).toFixed(1);
  log(`${c.req.method} ${loggablePath(c.req.path)} ${c.res.status} ${ms}ms`);
}
