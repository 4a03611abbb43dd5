import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES, UPLOAD_PATH } from '../../shared/uploads';
import { fieldObjectText, percentEncode } from './arbitraries';
import { expectClientAnswer, expectNoServerFailure, expectStillServing } from './checks';
import { rawExchange, requestHead, type RawAnswer, type RawEnding } from './raw-http';
import { startServerUnderTest, type ServerUnderTest } from './server-under-test';
import { allFields, procedures, restRoutes } from './targets';

/** Runs per property; FUZZ_RUNS scales them for a longer hunt. */
const scale = Number(process.env.FUZZ_RUNS ?? 1);
const runs = (n: number) => Math.round(n * scale);

let sut: ServerUnderTest;
beforeAll(async () => {
  sut = await startServerUnderTest();
});
afterAll(() => sut?.close());

const CRLF = '\r\n';

interface PartSpec {
  name: string;
  filename?: string;
  contentType?: string;
  extraHeaders: number;
  content: string;
}

/** A multipart/form-data body, well formed or not, as bytes. */
function multipartBody(boundary: string, parts: PartSpec[], closing: boolean): Buffer {
  const chunks = parts.map((p) => {
    const disposition = `Content-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const headers = [
      disposition,
      ...(p.contentType ? [`Content-Type: ${p.contentType}`] : []),
      ...Array.from({ length: p.extraHeaders }, (_, i) => `X-Part-${i}: ${'v'.repeat(20)}`),
    ];
    return `--${boundary}${CRLF}${headers.join(CRLF)}${CRLF}${CRLF}${p.content}${CRLF}`;
  });
  return Buffer.from(`${chunks.join('')}${closing ? `--${boundary}--${CRLF}` : ''}`, 'utf8');
}

const partArb: fc.Arbitrary<PartSpec> = fc.record({
  name: fc.oneof(
    { weight: 4, arbitrary: fc.constant('file') },
    { weight: 1, arbitrary: fc.constantFrom('document', '', 'file[]', 'FILE', '__proto__', 'fïle') },
  ),
  filename: fc.option(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('story.txt', 'story.md', 'notes.csv', 'story.pdf', 'story.docx', 'story.doc') },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          '',
          '.',
          '..',
          '../../etc/passwd.txt',
          'C:\\Windows\\a.txt',
          'a\u0000.txt',
          'ünïcødé 😀.txt',
          'a.TXT',
          'no-extension',
          'a.exe',
          `${'x'.repeat(500)}.txt`,
          '%2e%2e%2fa.txt',
        ),
      },
      { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => s.replace(/["\r\n]/g, '')) },
    ),
    { nil: undefined, freq: 8 },
  ),
  contentType: fc.option(
    fc.constantFrom(
      'text/plain',
      'application/pdf',
      'application/octet-stream',
      'text/plain; charset=utf-16',
      'multipart/mixed; boundary=y',
      ';;',
    ),
    { nil: undefined, freq: 2 },
  ),
  extraHeaders: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 80 }) }),
  content: fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'The council voted 7-2 on Tuesday.',
        'unterminated',
        '',
        '%PDF-1.7\n',
        'PK\u0003\u0004',
        '\u0000\u0000\u0000',
        'a,b\n"never closed',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 200 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  ),
});

/** Boundaries as declared: the body's own, a mismatch, none, quoted, too long, empty. */
const boundaryDeclaration = fc.constantFrom('same', 'same', 'same', 'quoted', 'other', 'none', 'empty', 'too-long', 'not-multipart');

function contentTypeFor(declaration: string, boundary: string): string | undefined {
  switch (declaration) {
    case 'same':
      return `multipart/form-data; boundary=${boundary}`;
    case 'quoted':
      return `multipart/form-data; boundary="${boundary}"`;
    case 'other':
      return 'multipart/form-data; boundary=somethingelse';
    case 'none':
      return 'multipart/form-data';
    case 'empty':
      return 'multipart/form-data; boundary=';
    case 'too-long':
      return `multipart/form-data; boundary=${'b'.repeat(200)}`;
    default:
      return 'text/plain';
  }
}

const uploadTarget = fc.constantFrom(
  UPLOAD_PATH,
  UPLOAD_PATH,
  UPLOAD_PATH,
  `${UPLOAD_PATH}?conversationId=1`,
  `${UPLOAD_PATH}?conversationId=-1`,
  `${UPLOAD_PATH}?conversationId=%ZZ`,
  `${UPLOAD_PATH}?conversationId=99999999999999999999`,
);

function send(head: string, body: Buffer, o: { cut: number; chunked: boolean; stopChunks: boolean; ending: RawEnding }) {
  const sent = body.subarray(0, Math.min(o.cut, body.length));
  if (!o.chunked) return exchange([head, sent], { ending: o.ending });
  const pieces: Buffer[] = [];
  for (let at = 0; at < sent.length; at += 37) {
    const piece = sent.subarray(at, at + 37);
    pieces.push(Buffer.concat([Buffer.from(`${piece.length.toString(16)}${CRLF}`), piece, Buffer.from(CRLF)]));
  }
  if (!o.stopChunks) pieces.push(Buffer.from(`0${CRLF}${CRLF}`));
  return exchange([head, ...pieces], { ending: o.ending });
}

/** Sends raw bytes and waits until the server is done with them, even when the client left early. */
async function exchange(chunks: ReadonlyArray<string | Uint8Array>, o: { ending: RawEnding; waitMs?: number }) {
  const before = sut.requestsLogged();
  const answer = await rawExchange(sut.port, chunks, { ending: o.ending, waitMs: o.waitMs ?? 5_000 });
  // An answered request was logged before its answer left; one without an answer may still be running.
  if (answer.status === undefined) await sut.settle(before);
  return answer;
}

/** A raw answer, when there is one, holds the same property as any other; and nothing failed on the server. */
function expectRawAnswer(answer: RawAnswer, request: string) {
  expectNoServerFailure(sut, request);
  if (answer.status === undefined) return;
  const target = /^\S+ (\S+)/.exec(request)?.[1] ?? '';
  expectClientAnswer({ status: answer.status, contentType: answer.headers['content-type'] ?? '', body: answer.body }, request, {
    // Node's own parser answers malformed framing with a bare 400 before any route runs; pages and assets are not JSON.
    hasBody: answer.headers['content-type'] !== undefined && /^\/(api|trpc)\//.test(target),
    // tRPC's fetch adapter labels the errors it raises before any procedure runs text/plain (the body is its JSON error).
    contentType: target.startsWith('/trpc/') ? /^(application\/json|text\/plain)\b/ : undefined,
  });
}

describe('uploads with malformed, truncated, chunked and aborted multipart bodies', () => {
  it('answers the issue’s unterminated body with a 400 and keeps serving', async () => {
    const body = Buffer.from(`------x${CRLF}Content-Disposition: form-data; name="file"; filename="a.txt"${CRLF}${CRLF}unterminated`);
    const head = requestHead('POST', UPLOAD_PATH, {
      origin: sut.origin,
      cookie: sut.subscriber.cookie(),
      'content-type': 'multipart/form-data; boundary=----x',
      'content-length': body.length,
    });
    const answer = await exchange([head, body], { ending: 'wait' });
    expectNoServerFailure(sut, head);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, message: UPLOAD_MESSAGES.noFile });
    await expectStillServing(sut);
  });

  it('answers a chunked upload that stops early without crashing, and keeps serving', async () => {
    const body = multipartBody('x', [{ name: 'file', filename: 'a.txt', extraHeaders: 0, content: 'The council voted.' }], true);
    for (const ending of ['half-close', 'abort'] as const) {
      const head = requestHead('POST', UPLOAD_PATH, {
        origin: sut.origin,
        cookie: sut.subscriber.cookie(),
        'content-type': 'multipart/form-data; boundary=x',
        'transfer-encoding': 'chunked',
      });
      expectRawAnswer(
        await send(head, body, { cut: 40, chunked: true, stopChunks: true, ending }),
        `POST ${UPLOAD_PATH} chunked, cut at 40 bytes, then ${ending}`,
      );
    }
    await expectStillServing(sut);
  });

  it('never answers a 5xx to any multipart body, complete or cut, sent whole, chunked or aborted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          target: uploadTarget,
          actor: fc.constantFrom('subscriber', 'subscriber', 'subscriber', 'member', 'visitor'),
          boundary: fc.constantFrom('x', '----x', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'a b', 'é'),
          declaration: boundaryDeclaration,
          parts: fc.array(partArb, { minLength: 0, maxLength: 24 }),
          closing: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
          cutAt: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined, freq: 3 }),
          framing: fc.constantFrom('length', 'length', 'length', 'short-length', 'long-length', 'chunked', 'chunked', 'chunked-stops'),
          ending: fc.constantFrom<RawEnding>('wait', 'wait', 'half-close', 'abort'),
        }),
        async (r) => {
          const body = multipartBody(r.boundary, r.parts, r.closing);
          const cut = r.cutAt === undefined ? body.length : Math.floor(body.length * r.cutAt);
          const sent = body.subarray(0, cut);
          const chunked = r.framing.startsWith('chunked');
          const declaredLength =
            r.framing === 'short-length' ? Math.floor(sent.length / 2) : r.framing === 'long-length' ? sent.length + 1_000 : sent.length;
          // A body that cannot complete is only worth waiting on until the server has seen its end.
          const ending: RawEnding =
            (r.framing === 'long-length' || r.framing === 'chunked-stops') && r.ending === 'wait' ? 'half-close' : r.ending;
          const actor = sut.actors.find((a) => a.name === r.actor)!;
          const head = requestHead('POST', r.target, {
            origin: sut.origin,
            cookie: actor.cookie(),
            'content-type': contentTypeFor(r.declaration, r.boundary),
            ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': declaredLength }),
          });
          const answer = await send(head, sent, { cut: sent.length, chunked, stopChunks: r.framing === 'chunked-stops', ending });
          expectRawAnswer(answer, `${head}${sent.toString('latin1').slice(0, 1_500)}\n(${r.framing}, ${ending})`);
        },
      ),
      { numRuns: runs(250) },
    );
    await expectStillServing(sut);
  }, 120_000);
});

const jsonTargets = [
  ...restRoutes.filter((r) => r.method !== 'GET' && !r.rawBody).map((r) => r.path.replace(/:\w+/g, '1')),
  ...procedures.filter((p) => p.type === 'mutation').map((p) => `/trpc/${p.path}`),
];

describe('JSON requests whose framing is truncated, chunked, aborted or malformed', () => {
  it('never answers a 5xx, and nothing fails on the server', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          path: fc.constantFrom(...jsonTargets),
          actor: fc.constantFrom('visitor', 'member', 'subscriber'),
          body: fieldObjectText(allFields),
          cutAt: fc.double({ min: 0, max: 1, noNaN: true }),
          framing: fc.constantFrom(
            'short-length',
            'long-length',
            'chunked',
            'chunked-stops',
            'bad-chunk-size',
            'length-and-chunked',
            'two-lengths',
          ),
          ending: fc.constantFrom<RawEnding>('wait', 'half-close', 'abort'),
        }),
        async (r) => {
          const body = Buffer.from(r.body, 'utf8');
          const sent = body.subarray(0, Math.floor(body.length * r.cutAt));
          const actor = sut.actors.find((a) => a.name === r.actor)!;
          const base = { origin: sut.origin, cookie: actor.cookie(), 'content-type': 'application/json' };
          let chunks: Array<string | Buffer>;
          let ending = r.ending;
          switch (r.framing) {
            case 'short-length':
              chunks = [requestHead('POST', r.path, { ...base, 'content-length': Math.floor(sent.length / 2) }), sent];
              break;
            case 'long-length':
              chunks = [requestHead('POST', r.path, { ...base, 'content-length': sent.length + 500 }), sent];
              if (ending === 'wait') ending = 'half-close';
              break;
            case 'chunked':
            case 'chunked-stops':
              chunks = [
                requestHead('POST', r.path, { ...base, 'transfer-encoding': 'chunked' }),
                Buffer.concat([Buffer.from(`${sent.length.toString(16)}${CRLF}`), sent, Buffer.from(CRLF)]),
                ...(r.framing === 'chunked' ? [`0${CRLF}${CRLF}`] : []),
              ];
              if (r.framing === 'chunked-stops' && ending === 'wait') ending = 'half-close';
              break;
            case 'bad-chunk-size':
              chunks = [
                requestHead('POST', r.path, { ...base, 'transfer-encoding': 'chunked' }),
                `zz${CRLF}`,
                sent,
                `${CRLF}0${CRLF}${CRLF}`,
              ];
              break;
            case 'length-and-chunked':
              chunks = [
                requestHead('POST', r.path, { ...base, 'transfer-encoding': 'chunked', 'content-length': sent.length }),
                `${sent.length.toString(16)}${CRLF}`,
                sent,
                `${CRLF}0${CRLF}${CRLF}`,
              ];
              break;
            default:
              chunks = [
                `${requestHead('POST', r.path, { ...base, 'content-length': sent.length }).slice(0, -2)}Content-Length: ${sent.length + 1}${CRLF}${CRLF}`,
                sent,
              ];
          }
          expectRawAnswer(
            await exchange(chunks, { ending }),
            `POST ${r.path} ${r.framing} ${ending}\n${sent.toString('utf8').slice(0, 1_000)}`,
          );
        },
      ),
      { numRuns: runs(200) },
    );
    await expectStillServing(sut);
  }, 120_000);

  it('answers malformed request lines, targets and headers without a 5xx', async () => {
    const targets = [
      '/api/conversations/%ZZ',
      '/api/conversations/%00',
      '/api/conversations/%ED%A0%80',
      '//api/user',
      '/api/user?%',
      '/api/../api/user',
      'http://evil.example/api/user',
      '*',
      '/trpc/auth.me?input=%ZZ',
      `/api/${'a'.repeat(20_000)}`,
      '/api/user#x',
      '/api/conversations/1/../2',
      '/assets/../../../../etc/passwd',
      '/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/%00.js',
      '/assets/..%5c..%5cindex.html',
      '/assets/app.js%00',
      `/${'%C0%AE'.repeat(6)}/etc/passwd`,
      '/index.html/..',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets).chain((t) => fc.constant(t)),
        fc.constantFrom('GET', 'POST', 'DELETE', 'PROPFIND', 'get', 'CONNECT', 'TRACE'),
        fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/9'),
        fc.constantFrom<Record<string, string>>(
          {},
          { 'content-type': 'application/json', 'content-length': '-1' },
          { 'content-type': 'application/json', 'content-length': 'abc' },
          { 'content-type': 'application/json', 'content-length': '99999999999999999999' },
          { 'transfer-encoding': 'gzip, chunked' },
          { 'transfer-encoding': 'identity' },
          { cookie: '\u00ff\u00fe' },
          { 'x-forwarded-for': `${'1.'.repeat(3_000)}1` },
          { origin: 'null' },
          { 'accept-encoding': 'br;q=2, *' },
        ),
        fc.constantFrom<RawEnding>('wait', 'half-close'),
        async (target, method, version, headers, ending) => {
          const head = requestHead(method, target, headers).replace(' HTTP/1.1\r\n', ` ${version}\r\n`);
          expectRawAnswer(await exchange([head], { ending, waitMs: 1_000 }), head);
        },
      ),
      { numRuns: runs(120) },
    );
    await expectStillServing(sut);
  }, 120_000);

  it('keeps serving others while connections are opened and dropped mid-request', async () => {
    const path = `/api/conversations/${percentEncode('1')}/messages`;
    const drops = Array.from({ length: 40 }, (_, i) =>
      rawExchange(
        sut.port,
        [
          requestHead('POST', i % 2 ? path : UPLOAD_PATH, {
            origin: sut.origin,
            cookie: sut.subscriber.cookie(),
            'content-type': i % 2 ? 'application/json' : 'multipart/form-data; boundary=x',
            'content-length': 10_000,
          }),
          '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
        ],
        { ending: 'abort' },
      ),
    );
    const reads = Array.from(
      { length: 20 },
      async () => (await fetch(`${sut.base}/api/user`, { headers: { cookie: sut.member.cookie()! } })).status,
    );
    await Promise.all(drops);
    expect(await Promise.all(reads)).toEqual(Array(20).fill(200));
    await expectStillServing(sut);
  });
});
