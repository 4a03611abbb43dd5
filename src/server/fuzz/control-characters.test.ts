import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../routers';
import { SESSION_COOKIE } from '../services/auth/sessions';
import { percentEncode } from './arbitraries';
import { answerOf, expectClientAnswer, expectNoServerFailure, expectStillServing } from './checks';
import { startServerUnderTest, type ServerUnderTest } from './server-under-test';
import { restRoutes } from './targets';
import { procedureTypes, proceduresTakingStrings, restShape, validCalls, type CallFixture, type ValidCall } from './valid-calls';

/**
 * Every string a procedure or REST row takes, in an otherwise valid call, holding a control
 * character: NUL first (PostgreSQL's text cannot hold it, so it used to reach the database and
 * fail there with a 500), then the other C0 controls, DEL and a C1 control, and the tabs and line
 * breaks one-line fields refuse and messages keep. Whatever the field does with them, the answer
 * is never a 5xx and nothing fails on the server. In the postgres test run the server runs on
 * PostgreSQL.
 */
const SPOILERS: Array<[label: string, spoil: (valid: string) => string]> = [
  ['NUL inside', (v) => `${v.slice(0, 2)}\u0000${v.slice(2)}`],
  ['NUL at the end', (v) => `${v}\u0000`],
  ['NUL alone', () => '\u0000'],
  ['SOH inside', (v) => `${v.slice(0, 2)}\u0001${v.slice(2)}`],
  ['an escape sequence', (v) => `\u001b[31m${v}\u001b[0m`],
  ['vertical tab', (v) => `${v.slice(0, 2)}\u000b${v.slice(2)}`],
  ['DEL', (v) => `${v}\u007f`],
  ['C1 next line', (v) => `${v.slice(0, 2)}\u0085${v.slice(2)}`],
  ['tab', (v) => `${v.slice(0, 2)}\t${v.slice(2)}`],
  ['line break', (v) => `${v.slice(0, 2)}\r\n${v.slice(2)}`],
];

let sut: ServerUnderTest;
let calls: Record<string, ValidCall>;

async function json<T>(res: Promise<Response>): Promise<T> {
  const answer = await res;
  if (answer.status >= 300) throw new Error(`fixture: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

beforeAll(async () => {
  sut = await startServerUnderTest();
  const asSubscriber = (path: string, body: unknown) =>
    fetch(`${sut.base}${path}`, {
      method: 'POST',
      headers: { origin: sut.origin, 'content-type': 'application/json', cookie: sut.subscriber.cookie()! },
      body: JSON.stringify(body),
    });
  const { id: conversationId } = await json<{ id: number }>(asSubscriber('/api/conversations', { title: 'Fuzz notes' }));
  const { id: teamId } = await json<{ id: number }>(asSubscriber('/api/team', { name: 'Fuzz Desk' }));
  const target = { username: 'fuzz-target', email: 'fuzz-target@news.example' };
  const { id } = await json<{ id: number }>(
    fetch(`${sut.base}/api/register`, {
      method: 'POST',
      headers: { origin: sut.origin, 'content-type': 'application/json' },
      body: JSON.stringify({ ...target, password: 'deadline-7!' }),
    }),
  );
  const fixture: CallFixture = { conversationId, teamId, target: { id, ...target }, memberEmail: 'fuzz-member@news.example' };
  calls = validCalls(fixture);
}, 60_000);
afterAll(() => sut?.close());

const cookieOf = (actor: ValidCall['actor']) => sut.actors.find((a) => a.name === actor)!.cookie();

async function sendAndCheck(
  method: string,
  pathAndQuery: string,
  call: ValidCall,
  body: string | undefined,
  headers: Record<string, string>,
) {
  const cookie = cookieOf(call.actor);
  const sent = { ...headers, origin: sut.origin, ...(cookie ? { cookie } : {}) };
  const request = `${method} ${pathAndQuery} as ${call.actor}${body === undefined ? '' : `\n${body}`}`;
  const res = await fetch(`${sut.base}${pathAndQuery}`, { method, headers: sent, body, signal: AbortSignal.timeout(30_000) });
  const ended = res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=;`));
  const answer = await answerOf(res);
  expectClientAnswer(answer, request, { contentType: /^(application\/json|text\/plain|text\/event-stream)\b/ });
  expectNoServerFailure(sut, request);
  if (ended) await sut.restoreSessions();
  return { answer, request };
}

/**
 * Strings taken as they come: a password to sign in with is compared with the stored hash, and a
 * webhook's payload is checked against its signature. Every other string with a NUL is refused
 * with a 400 (which shows the call got as far as its validation).
 */
const TAKEN_AS_THEY_COME = new Set([
  'auth.login password',
  'auth.changePassword currentPassword',
  'subscription.webhook payload',
  'subscription.webhook signature',
]);

function expectRefused(
  procedure: string,
  field: string,
  { answer, request }: { answer: { status: number; body: string }; request: string },
) {
  if (TAKEN_AS_THEY_COME.has(`${procedure} ${field}`)) return;
  // A streamed call answers 200 and carries its refusal inside.
  const status = answer.status === 200 && /"httpStatus":(\d+)/.exec(answer.body)?.[1];
  expect(status ? Number(status) : answer.status, `${request}\n→ ${answer.status} ${answer.body.slice(0, 300)}`).toBe(400);
}

/** `input` for the procedure at `path`, as a tRPC client sends it (a reply streams, as the chat page's link asks for). */
async function sendTrpc(path: string, call: ValidCall, input: Record<string, unknown>) {
  const payload = JSON.stringify({ json: input });
  if (path === 'chat.send') {
    return sendAndCheck('POST', `/trpc/${path}?batch=1`, call, JSON.stringify({ 0: { json: input } }), {
      'content-type': 'application/json',
      'trpc-accept': 'application/jsonl',
    });
  } else if (procedureTypes.get(path) === 'query') {
    return sendAndCheck('GET', `/trpc/${path}?input=${percentEncode(payload)}`, call, undefined, {});
  } else {
    return sendAndCheck('POST', `/trpc/${path}`, call, payload, { 'content-type': 'application/json' });
  }
}

describe('control characters in every string of a valid call never make a 5xx', () => {
  it('every procedure that takes a string has a valid call here', () => {
    expect(proceduresTakingStrings(appRouter).filter((path) => !(path in calls))).toEqual([]);
  });

  it('over tRPC', async () => {
    for (const [path, call] of Object.entries(calls)) {
      for (const [field, valid] of Object.entries(call.input)) {
        if (typeof valid !== 'string') continue;
        for (const [label, spoil] of SPOILERS) {
          const sent = await sendTrpc(path, call, { ...call.input, [field]: spoil(valid) });
          if (label === 'NUL inside') expectRefused(path, field, sent);
        }
      }
    }
    await expectStillServing(sut);
  }, 300_000);

  it('over REST', async () => {
    let rows = 0;
    for (const route of restRoutes) {
      const shape = await restShape(route);
      if (!shape) continue;
      const call = calls[shape.procedure];
      if (!call) continue;
      rows++;
      for (const field of Object.keys(shape.sources)) {
        const valid = call.input[field];
        if (typeof valid !== 'string') continue;
        for (const [label, spoil] of SPOILERS) {
          const input = { ...call.input, [field]: spoil(valid) };
          const body: Record<string, unknown> = {};
          const query: string[] = [];
          let path = route.path;
          for (const [name, { from, key }] of Object.entries(shape.sources)) {
            const value = input[name];
            if (value === undefined) continue;
            if (from === 'body') body[key] = value;
            else if (from === 'query') query.push(`${key}=${percentEncode(String(value))}`);
            else path = path.replace(`:${key}`, percentEncode(String(value)));
          }
          const withBody = route.method !== 'GET' && route.method !== 'DELETE';
          const sent = await sendAndCheck(
            route.method,
            `${path}${query.length ? `?${query.join('&')}` : ''}`,
            call,
            withBody ? JSON.stringify(body) : undefined,
            withBody ? { 'content-type': 'application/json' } : {},
          );
          if (label === 'NUL inside') expectRefused(shape.procedure, field, sent);
        }
      }
    }
    expect(rows).toBeGreaterThan(15);
    await expectStillServing(sut);
  }, 300_000);
});
