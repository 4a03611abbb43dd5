import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH } from '../../shared/limits';
import { SESSION_COOKIE } from '../services/auth/sessions';
import { bodyText, contentType, HTTP_METHODS, malformedJson, percentEncode, POLLUTION_MARK } from './arbitraries';
import { answerOf, expectClientAnswer, expectNoServerFailure, expectStillServing } from './checks';
import { startServerUnderTest, type ServerUnderTest } from './server-under-test';
import { expectServerBundle } from '../../../tests/support/server-bundle';
import { procedures, type ProcedureTarget } from './targets';

/** Runs per procedure; FUZZ_RUNS scales them for a longer hunt. */
const RUNS = Math.round(60 * Number(process.env.FUZZ_RUNS ?? 1));

let sut: ServerUnderTest;
beforeAll(async () => {
  sut = await startServerUnderTest();
});
afterAll(() => sut?.close());

it('fuzzes the server bundle npm start runs, tRPC compiled in with its spreads native', async () => {
  await expectServerBundle(sut.moduleUrl);
});

/** superjson's `meta`: type annotations by path, the part of the wire format a server trusts least. */
const superjsonMeta = fc
  .record({
    values: fc.oneof(
      fc
        .array(
          fc.tuple(
            fc.constantFrom(
              'email',
              'id',
              'content',
              'a.b',
              '',
              '0',
              '__proto__',
              `__proto__.${POLLUTION_MARK}`,
              `constructor.prototype.${POLLUTION_MARK}`,
              'json',
            ),
            fc.constantFrom(
              '"Date"',
              '"bigint"',
              '"undefined"',
              '"set"',
              '"map"',
              '"regexp"',
              '"number"',
              '"Error"',
              '["class","Foo"]',
              '["symbol","x"]',
              '["custom","x"]',
              '["typed-array","Uint8Array"]',
              '123',
              'null',
              '{}',
              '[]',
              '["map",{"0":["Date"]}]',
            ),
          ),
          { maxLength: 4 },
        )
        .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
      fc.constantFrom('"map"', '["map"]', '["set",{"x":["Date"]}]', 'null', '[]', '{"__proto__":["map"]}'),
    ),
    referentialEqualities: fc.option(
      fc.constantFrom('{"email":["id"]}', '{"__proto__":["constructor.prototype"]}', '["a"]', '{"":[""]}', 'null'),
      { nil: undefined },
    ),
  })
  .map(
    ({ values, referentialEqualities }) =>
      `{"values":${values}${referentialEqualities ? `,"referentialEqualities":${referentialEqualities}` : ''}}`,
  );

/** One call's input as the client's superjson link sends it, with hostile contents, or not as it sends it. */
const callInput = (fields: readonly string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: bodyText(fields).map((json) => `{"json":${json || 'null'}}`) },
    { weight: 2, arbitrary: fc.tuple(bodyText(fields), superjsonMeta).map(([json, meta]) => `{"json":${json || 'null'},"meta":${meta}}`) },
    { weight: 2, arbitrary: bodyText(fields) },
    { weight: 1, arbitrary: malformedJson(fields) },
  );

const cookieArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('visitor', 'member', 'subscriber') },
  { weight: 1, arbitrary: fc.constantFrom(`${SESSION_COOKIE}=`, `${SESSION_COOKIE}=abc.def`, `${SESSION_COOKIE}=${'a'.repeat(250)}.b`) },
);

function trpcRequest(target: ProcedureTarget) {
  const others = procedures.map((p) => p.path);
  return fc.record({
    batch: fc.oneof(
      { weight: 2, arbitrary: fc.constant([] as string[]) },
      { weight: 1, arbitrary: fc.array(fc.constantFrom(...others), { minLength: 0, maxLength: 3 }) },
    ),
    asBatch: fc.boolean(),
    batchFlag: fc.constantFrom('1', '1', '1', 'true', '0', ''),
    inputs: fc.array(callInput(target.fields), { minLength: 1, maxLength: 4 }),
    batchKeys: fc.constantFrom('numbered', 'numbered', 'array', 'skipped', 'proto'),
    method: fc.oneof(
      { weight: 6, arbitrary: fc.constant(target.type === 'query' ? 'GET' : 'POST') },
      { weight: 1, arbitrary: fc.constantFrom(...HTTP_METHODS) },
    ),
    cookie: cookieArb,
    origin: fc.constantFrom('same', 'none', 'other'),
    contentType,
    streaming: fc.boolean(),
  });
}

/** A batch's inputs keyed as the link keys them, or in the shapes it never sends. */
function batchInput(inputs: string[], keys: string): string {
  if (keys === 'array') return `[${inputs.join(',')}]`;
  const key = (i: number) => (keys === 'skipped' ? String(i * 2 + 1) : keys === 'proto' && i === 0 ? '__proto__' : String(i));
  return `{${inputs.map((input, i) => `"${key(i)}":${input}`).join(',')}}`;
}

async function sendTrpc(r: {
  method: string;
  path: string;
  query: string;
  body?: string;
  cookie: string;
  origin: string;
  contentType?: string;
  streaming: boolean;
}) {
  const headers: Record<string, string> = {};
  const actor = sut.actors.find((a) => a.name === r.cookie);
  const cookie = actor ? actor.cookie() : r.cookie;
  if (cookie) headers.cookie = cookie;
  if (r.origin !== 'none') headers.origin = r.origin === 'same' ? sut.origin : 'https://evil.example';
  if (r.contentType !== undefined) headers['content-type'] = r.contentType;
  if (r.streaming) headers['trpc-accept'] = 'application/jsonl';
  const body = r.method === 'GET' || r.method === 'HEAD' ? undefined : r.body;
  const request = `${r.method} /trpc/${r.path}${r.query} ${JSON.stringify(headers)}${body === undefined ? '' : `\n${body}`}`;
  const url = new URL(`${sut.base}/trpc/${r.path}${r.query}`);
  const res = await fetch(url, { method: r.method, headers, body, signal: AbortSignal.timeout(20_000) });
  const ended = res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`));
  const answer = await answerOf(res);
  // A streamed batch answers 200 and carries each call's error inside; the server log shows any internal one.
  // The fetch adapter labels the errors it raises before any procedure runs (wrong method for the content
  // type, an unbatched stream) text/plain, though their body is the same JSON error.
  // A path like `/trpc/..` resolves out of the API, to a page.
  const api = url.pathname.startsWith('/trpc/');
  expectClientAnswer(answer, request, { hasBody: r.method !== 'HEAD' && api, contentType: /^(application\/json|text\/plain)\b/ });
  expectNoServerFailure(sut, request);
  if (ended) await sut.restoreSessions();
  return answer;
}

describe('every tRPC procedure answers malformed calls with a 4xx, never a 5xx', () => {
  for (const target of procedures) {
    it(`${target.type} ${target.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(trpcRequest(target), async (r) => {
          const paths = [target.path, ...r.batch];
          const batched = r.batch.length > 0 || r.asBatch;
          const input = batched ? batchInput(r.inputs.slice(0, paths.length), r.batchKeys) : r.inputs[0]!;
          const flag = batched ? `batch=${r.batchFlag}&` : '';
          const asQuery = r.method === 'GET' || r.method === 'HEAD';
          const query = asQuery ? `?${flag}input=${percentEncode(input)}` : batched ? `?${flag.slice(0, -1)}` : '';
          await sendTrpc({ ...r, path: paths.join(','), query, body: asQuery ? undefined : input });
        }),
        { numRuns: RUNS },
      );
      await expectStillServing(sut);
    }, 120_000);
  }
});

describe('the tRPC endpoint refuses malformed paths, batches and query strings', () => {
  it('answers unknown, prototype and oversized procedure paths with a 4xx', async () => {
    const real = procedures.map((p) => p.path);
    const pathArb = fc.oneof(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'auth.__proto__',
        'auth.constructor',
        'auth',
        'auth.me.extra',
        '',
        ',',
        ',,',
        '..',
        '%2e%2e',
        'auth.me,',
        '%ZZ',
        '%00',
        'auth%2Eme',
      ),
      fc.array(fc.constantFrom(...real), { minLength: TRPC_MAX_BATCH + 1, maxLength: TRPC_MAX_BATCH + 20 }).map((paths) => paths.join(',')),
      fc.string({ maxLength: 30 }).map(percentEncode),
    );
    await fc.assert(
      fc.asyncProperty(
        pathArb,
        fc.constantFrom('GET', 'POST'),
        fc.constantFrom('', '?batch=1', '?batch=1&input={}', '?input=%ZZ', '?input=%ED%A0%80', '?batch=1&input=%7B%220%22%3A'),
        cookieArb,
        async (path, method, query, cookie) => {
          await sendTrpc({
            method,
            path,
            query,
            body: method === 'POST' ? '{}' : undefined,
            cookie,
            origin: 'same',
            contentType: 'application/json',
            streaming: false,
          });
        },
      ),
      { numRuns: 150 },
    );
    await expectStillServing(sut);
  }, 120_000);

  it(`refuses a batch of more than ${TRPC_MAX_BATCH} calls with a 4xx, without running them`, async () => {
    const calls = TRPC_MAX_BATCH + 1;
    const inputs = Array.from({ length: calls }, () =>
      JSON.stringify({ json: { username: 'x', email: 'not-an-email', password: 'short' } }),
    );
    const answer = await sendTrpc({
      method: 'POST',
      path: Array(calls).fill('auth.register').join(','),
      query: '?batch=1',
      body: batchInput(inputs, 'numbered'),
      cookie: 'visitor',
      origin: 'same',
      contentType: 'application/json',
      streaming: false,
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    await expectStillServing(sut);
  });
});
