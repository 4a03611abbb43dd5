import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_PATH } from '../../shared/uploads';
import { STRIPE_WEBHOOK_PATH } from '../rest/routes';
import { SESSION_COOKIE } from '../services/auth/sessions';
import {
  bodyText,
  contentType,
  fieldObjectText,
  HTTP_METHODS,
  JSON_CONTENT_TYPES,
  NEAR_JSON_CONTENT_TYPES,
  pathParam,
  queryString,
} from './arbitraries';
import { answerOf, errorMessageOf, expectClientAnswer, expectNoServerFailure, expectStillServing, type Answer } from './checks';
import { startServerUnderTest, type ServerUnderTest } from './server-under-test';
import { allFields, restRoutes } from './targets';

/** Runs per REST row; FUZZ_RUNS scales them for a longer hunt. */
const RUNS = Math.round(60 * Number(process.env.FUZZ_RUNS ?? 1));

let sut: ServerUnderTest;
beforeAll(async () => {
  sut = await startServerUnderTest();
});
afterAll(() => sut?.close());

const ORIGINS = { same: 'same', none: 'none', other: 'https://evil.example', null: 'null', empty: '' } as const;
type OriginCase = keyof typeof ORIGINS;

/** The Referer a request may carry, beside or instead of an Origin: the app's own page, or anything else. */
const REFERERS = {
  none: () => undefined,
  same: (app: string) => `${app}/chat?c=1`,
  other: () => 'https://evil.example/chat',
  scheme: (app: string) => `${app.replace(/^http:/, 'https:')}/chat`,
  port: (app: string) => `${new URL(app).protocol}//${new URL(app).hostname}:1/chat`,
  lookalike: (app: string) => `${app}.evil.example/chat`,
  query: (app: string) => `https://evil.example/?${app}/`,
  relative: () => '/chat',
  garbage: () => 'not a url',
} as const;
type RefererCase = keyof typeof REFERERS;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ORIGIN_REFUSALS = ['Cross-origin request refused', 'Origin header required'];
const NOT_JSON = 'Content-Type must be application/json';

/** Whether the headers show the request comes from the app's own page: its Origin, or without one its Referer. */
const fromApp = (origin: OriginCase, referer: RefererCase) => origin === 'same' || (origin === 'none' && referer === 'same');

function originHeaders(origin: OriginCase, referer: RefererCase): Record<string, string> {
  const headers: Record<string, string> = {};
  if (origin !== 'none') headers.origin = origin === 'same' ? sut.origin : ORIGINS[origin];
  const refererValue = REFERERS[referer](sut.origin);
  if (refererValue !== undefined) headers.referer = refererValue;
  return headers;
}

/** The one path that takes state-changing requests from outside a browser: Stripe signs what it sends. */
function isWebhook(pathname: string) {
  try {
    return decodeURIComponent(pathname) === STRIPE_WEBHOOK_PATH;
  } catch {
    return false;
  }
}

/** A refusal for the request's origin: 403 with one of the check's own messages. */
function expectOriginRefusal(answer: Answer, request: string) {
  expect(answer.status, `${request}\n→ ${answer.status} ${answer.body.slice(0, 300)}`).toBe(403);
  expect(ORIGIN_REFUSALS, `${request}\n→ ${answer.body.slice(0, 300)}`).toContain(errorMessageOf(JSON.parse(answer.body)));
}

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
    origin: fc.constantFrom(...(Object.keys(ORIGINS) as OriginCase[])),
    referer: fc.oneof(
      { weight: 3, arbitrary: fc.constant<RefererCase>('none') },
      { weight: 2, arbitrary: fc.constant<RefererCase>('same') },
      { weight: 2, arbitrary: fc.constantFrom(...(Object.keys(REFERERS) as RefererCase[])) },
    ),
    contentType,
    accept: fc.constantFrom(undefined, 'application/json', 'text/event-stream', '*/*'),
    body: fc.option(bodyText(allFields), { nil: undefined, freq: 6 }),
  });
}

describe('every REST row answers malformed requests with a 4xx, never a 5xx, and refuses what the CSRF and JSON checks refuse', () => {
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
          Object.assign(headers, originHeaders(r.origin, r.referer));
          if (r.contentType !== undefined) headers['content-type'] = r.contentType;
          if (r.accept) headers.accept = r.accept;
          const withBody = r.method !== 'GET' && r.method !== 'HEAD' && r.body !== undefined;
          const body = withBody ? r.body : undefined;
          const request = `${r.method} ${path}${r.query} ${JSON.stringify(headers)}${body === undefined ? '' : `\n${body.slice(0, 2_000)}`}`;

          const url = new URL(`${sut.base}${path}${r.query}`);
          const res = await fetch(url, { method: r.method, headers, body, signal: AbortSignal.timeout(20_000) });
          const ended = res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`));
          const answer = await answerOf(res);
          // A parameter like `..` resolves out of the API, to a page.
          expectClientAnswer(answer, request, { hasBody: r.method !== 'HEAD' && url.pathname.startsWith('/api/') });
          expectNoServerFailure(sut, request);

          const stateChanging = !SAFE_METHODS.has(r.method) && !isWebhook(url.pathname);
          const message = answer.status >= 400 && r.method !== 'HEAD' ? errorMessageOf(safeJson(answer.body)) : undefined;
          if (stateChanging && !fromApp(r.origin, r.referer)) {
            expectOriginRefusal(answer, request);
            expect(ended, `${request}\n→ a refused request ended the session`).toBe(false);
          } else {
            expect(ORIGIN_REFUSALS, `${request}\n→ refused for its origin`).not.toContain(message);
            // fetch labels a string body without a type text/plain.
            const declared = r.contentType ?? 'text/plain;charset=UTF-8';
            const checkedForJson =
              !SAFE_METHODS.has(r.method) && url.pathname.startsWith('/api/') && url.pathname !== UPLOAD_PATH && (body?.length ?? 0) > 0;
            if (checkedForJson && !(JSON_CONTENT_TYPES as readonly string[]).includes(declared)) {
              expect(answer.status, `${request}\n→ ${answer.status} ${answer.body.slice(0, 300)}`).toBe(415);
              expect(message).toBe(NOT_JSON);
            } else {
              expect(message, `${request}\n→ refused as not JSON`).not.toBe(NOT_JSON);
            }
          }
          // A fuzzed logout ends the actor's session; the next runs need it back.
          if (ended) await sut.restoreSessions();
        }),
        { numRuns: RUNS },
      );
      await expectStillServing(sut);
    }, 120_000);
  }

  it('refuses a state-changing request on every row unless its Origin, or without one its Referer, is the app', async () => {
    const stateChanging = restRoutes.filter((route) => route.method !== 'GET' && route.path !== STRIPE_WEBHOOK_PATH);
    const notFromApp = fc
      .tuple(fc.constantFrom(...(Object.keys(ORIGINS) as OriginCase[])), fc.constantFrom(...(Object.keys(REFERERS) as RefererCase[])))
      .filter(([origin, referer]) => !fromApp(origin, referer));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...stateChanging),
        notFromApp,
        fc.constantFrom('member', 'subscriber'),
        fieldObjectText(allFields),
        async (route, [origin, referer], actorName, body) => {
          const path = route.path.replace(/:\w+/g, '1');
          const actor = sut.actors.find((a) => a.name === actorName)!;
          const headers = { ...originHeaders(origin, referer), cookie: actor.cookie()!, 'content-type': 'application/json' };
          const request = `${route.method} ${path} ${JSON.stringify(headers)}\n${body.slice(0, 500)}`;
          const res = await fetch(`${sut.base}${path}`, { method: route.method, headers, body, signal: AbortSignal.timeout(20_000) });
          expectOriginRefusal(await answerOf(res), request);
          expect(res.headers.getSetCookie(), request).toEqual([]);
          expectNoServerFailure(sut, request);
        },
      ),
      { numRuns: RUNS * 2 },
    );
    // Every refused logout, password change and delete above left the actors signed in.
    for (const actor of [sut.member, sut.subscriber]) {
      expect((await fetch(`${sut.base}/api/user`, { headers: { cookie: actor.cookie()! } })).status, actor.name).toBe(200);
    }
    await expectStillServing(sut);
  }, 120_000);

  it('answers 415 on every JSON row to a body whose type only resembles application/json', async () => {
    const jsonRows = restRoutes.filter((route) => route.method !== 'GET' && !route.rawBody && route.path !== UPLOAD_PATH);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...jsonRows),
        fc.constantFrom(...NEAR_JSON_CONTENT_TYPES),
        fc.constantFrom<RefererCase>('none', 'same'),
        fieldObjectText(allFields),
        async (route, type, referer, body) => {
          const path = route.path.replace(/:\w+/g, '1');
          // From the app's page, by its Origin or (without one) its Referer: only the type is wrong.
          const headers = {
            ...originHeaders(referer === 'same' ? 'none' : 'same', referer),
            cookie: sut.subscriber.cookie()!,
            'content-type': type,
          };
          const request = `${route.method} ${path} ${JSON.stringify(headers)}\n${body.slice(0, 500)}`;
          const answer = await answerOf(await fetch(`${sut.base}${path}`, { method: route.method, headers, body }));
          expect(answer.status, `${request}\n→ ${answer.status} ${answer.body.slice(0, 300)}`).toBe(415);
          expect(JSON.parse(answer.body)).toEqual({ message: NOT_JSON });
          expectNoServerFailure(sut, request);
        },
      ),
      { numRuns: RUNS * 2 },
    );
    await expectStillServing(sut);
  }, 120_000);

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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
