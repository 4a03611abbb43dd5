import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../services/auth/sessions';
import { bodyText, contentType, HTTP_METHODS, pathParam, queryString } from './arbitraries';
import { answerOf, expectClientAnswer, expectNoServerFailure, expectStillServing } from './checks';
import { startServerUnderTest, type ServerUnderTest } from './server-under-test';
import { allFields, restRoutes } from './targets';

/** Runs per REST row; FUZZ_RUNS scales them for a longer hunt. */
const RUNS = Math.round(60 * Number(process.env.FUZZ_RUNS ?? 1));

let sut: ServerUnderTest;
beforeAll(async () => {
  sut = await startServerUnderTest();
});
afterAll(() => sut?.close());

const ORIGINS = { same: 'same', none: 'none', other: 'https://evil.example', null: 'null' } as const;

const cookieArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('visitor', 'member', 'subscriber') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `${SESSION_COOKIE}=`,
      `${SESSION_COOKIE}=abc.def`,
      `${SESSION_COOKIE}=.`,
      `${SESSION_COOKIE}=${'a'.repeat(250)}.b`,
      `${SESSION_COOKIE}=%ZZ; ${SESSION_COOKIE}=x.y`,
      `${SESSION_COOKIE}="quoted.token"`,
      'theme=dark;;;=; =x',
    ),
  },
);

function restRequest(route: (typeof restRoutes)[number]) {
  const params = route.path.match(/:\w+/g) ?? [];
  return fc.record({
    method: fc.oneof({ weight: 5, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...HTTP_METHODS) }),
    params: fc.tuple(...params.map(() => pathParam)),
    query: queryString,
    cookie: cookieArb,
    origin: fc.constantFrom(...(Object.keys(ORIGINS) as Array<keyof typeof ORIGINS>)),
    contentType,
    accept: fc.constantFrom(undefined, 'application/json', 'text/event-stream', '*/*'),
    body: fc.option(bodyText(allFields), { nil: undefined, freq: 6 }),
  });
}

describe('every REST row answers malformed requests with a 4xx, never a 5xx', () => {
  for (const route of restRoutes) {
    it(`${route.method} ${route.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(restRequest(route), async (r) => {
          let i = 0;
          const path = route.path.replace(/:\w+/g, () => r.params[i++]!);
          const headers: Record<string, string> = {};
          const actor = sut.actors.find((a) => a.name === r.cookie);
          const cookie = actor ? actor.cookie() : r.cookie;
          if (cookie) headers.cookie = cookie;
          if (r.origin !== 'none') headers.origin = r.origin === 'same' ? sut.origin : ORIGINS[r.origin];
          if (r.contentType !== undefined) headers['content-type'] = r.contentType;
          if (r.accept) headers.accept = r.accept;
          const withBody = r.method !== 'GET' && r.method !== 'HEAD' && r.body !== undefined;
          const body = withBody ? r.body : undefined;
          const request = `${r.method} ${path}${r.query} ${JSON.stringify(headers)}${body === undefined ? '' : `\n${body.slice(0, 2_000)}`}`;

          const url = new URL(`${sut.base}${path}${r.query}`);
          const res = await fetch(url, { method: r.method, headers, body, signal: AbortSignal.timeout(20_000) });
          const ended = res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`));
          // A parameter like `..` resolves out of the API, to a page.
          expectClientAnswer(await answerOf(res), request, { hasBody: r.method !== 'HEAD' && url.pathname.startsWith('/api/') });
          expectNoServerFailure(sut, request);
          // A fuzzed logout ends the actor's session; the next runs need it back.
          if (ended) await sut.restoreSessions();
        }),
        { numRuns: RUNS },
      );
      await expectStillServing(sut);
    }, 120_000);
  }

  it('answers a JSON body over the size limit with 413, and one just under it with a 4xx', async () => {
    for (const size of [1024 * 1024 + 1, 1024 * 1024 - 64]) {
      const body = JSON.stringify({ email: 'a'.repeat(size - '{"email":""}'.length) });
      for (const path of ['/api/login', '/api/conversations', '/api/forgot-password']) {
        const res = await fetch(`${sut.base}${path}`, {
          method: 'POST',
          headers: { origin: sut.origin, 'content-type': 'application/json', cookie: sut.subscriber.cookie()! },
          body,
        });
        const answer = await answerOf(res);
        expectClientAnswer(answer, `POST ${path} with ${body.length} bytes of JSON`);
        if (size > 1024 * 1024) expect(answer.status, `POST ${path} over the limit`).toBe(413);
      }
    }
    await expectStillServing(sut);
  });
});
