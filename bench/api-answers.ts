/** Reading the API's answers in the load benches (`load`, `scale`): the session cookie, the message, a streamed reply's failure. */
import type { IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  ms: number;
  /** From the request to the first body bytes (the first event of a streamed reply). */
  firstMs: number;
}

export function sessionCookie(a: Answer): string | undefined {
  return (a.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('copydesk_session='));
}

/** The answer's `message`, or the start of its body when it has none. */
export function messageOf(a: Answer): string {
  try {
    const m = (JSON.parse(a.body) as { message?: unknown }).message;
    if (typeof m === 'string') return m.slice(0, 120);
  } catch {
    // not JSON
  }
  return a.body.slice(0, 120).replace(/\s+/g, ' ');
}

/** The status the same failure has without streaming (the chat service's FAILURE_STATUS). */
const STREAMED_FAILURE_STATUS: Record<string, number> = { AI_AUTH: 502, AI_FAILED: 502, AI_RATE_LIMITED: 503, AI_TIMEOUT: 504 };

/**
 * What is wrong with a streamed reply (SSE) answered 200, if anything: an `error` event, with the
 * status the failure has unstreamed, or no `done` event.
 */
export function streamProblem(body: string): { message: string; status?: number } | undefined {
  const failed = /^event: error\ndata: (.*)$/m.exec(body);
  if (failed) {
    let code = '';
    try {
      code = String((JSON.parse(failed[1]!) as { code?: unknown }).code ?? '');
    } catch {
      // reported as it came
    }
    const status = STREAMED_FAILURE_STATUS[code] ?? 500;
    return { message: `${status} in the stream (error event): ${failed[1]!.slice(0, 140)}`, status };
  }
  return /^event: done$/m.test(body) ? undefined : { message: `reply ended without a done event (${body.length} bytes)` };
}
