import { expect } from 'vitest';
import { POLLUTION_MARK } from './arbitraries';
import type { ServerUnderTest } from './server-under-test';

/** The message of an error body: REST's `{message}`, tRPC's `{error:{json:{message}}}` or a batch of those. */
export function errorMessageOf(body: unknown): string | undefined {
  if (Array.isArray(body)) return body.map(errorMessageOf).find((m) => m !== undefined);
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  if (typeof record.message === 'string') return record.message;
  if ('error' in record) return errorMessageOf(record.error);
  if ('json' in record) return errorMessageOf(record.json);
  return undefined;
}

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

export async function answerOf(res: Response): Promise<Answer> {
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: await res.text() };
}

/**
 * The property every answer holds: never a 5xx; an API error (4xx) is JSON carrying
 * a message. `request` is printed with a failure so it can be sent again by hand.
 */
export function expectClientAnswer(answer: Answer, fullRequest: string, o: { hasBody?: boolean; contentType?: RegExp } = {}) {
  const request = fullRequest.length > 3_000 ? `${fullRequest.slice(0, 3_000)}… (${fullRequest.length} characters)` : fullRequest;
  expect(answer.status, `${request}\n→ ${answer.status} ${answer.body.slice(0, 500)}`).toBeLessThan(500);
  // 431 comes from Node's HTTP parser, before any route: it has no JSON to give.
  if (answer.status < 400 || answer.status === 431 || o.hasBody === false) return;
  expect(answer.contentType, `${request}\n→ ${answer.status} content-type`).toMatch(o.contentType ?? /^application\/json\b/);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    parsed = undefined;
  }
  expect(errorMessageOf(parsed), `${request}\n→ ${answer.status} ${answer.body.slice(0, 500)}`).toEqual(expect.any(String));
}

/** Nothing the request did failed on the server (an internal error can hide in a stream, or reach no client). */
export function expectNoServerFailure(sut: ServerUnderTest, request: string) {
  const failures = sut.takeFailures();
  expect(failures, `${request.slice(0, 3_000)}\n→ logged on the server:\n${failures.join('\n').slice(0, 2_000)}`).toEqual([]);
}

/** After a batch: nothing failed on the server, no prototype was polluted, and it still listens and answers. */
export async function expectStillServing(sut: ServerUnderTest) {
  expect(sut.takeFailures(), 'server-side failures logged').toEqual([]);
  expect(({} as Record<string, unknown>)[POLLUTION_MARK], 'Object.prototype polluted').toBeUndefined();
  expect(Object.keys(Object.prototype), 'Object.prototype polluted').toEqual([]);
  // A fuzzed logout, password change or reset may have ended the actors' sessions: that is the server working.
  await sut.restoreSessions();
  expect(await sut.serving()).toEqual({ listening: true, status: 200 });
}
