/**
 * `npm run bench -- load [--seconds 60] [--clients 100] [--warmup 3] [--ramp-ms 1000] [--accounts-per-client 3]
 *                        [--long-chars 100000] [--mix signin=5,list=25,open=25,search=25,send=15,upload=5]
 *                        [--uploads 24 [--upload-rate-mb 0] [--rounds 2]]
 *                        [--seed 1] [--check] [--keep] [--server-flags "--max-semi-space-size=16"]`
 *
 * Starts Copydesk as `npm start` does (scripts/start.mjs: the server bundle under
 * plain Node) with a fresh DATA_DIR and TRUST_PROXY=1, preloading
 * bench/support-loop-delay.mjs to measure the server's event-loop delay. Seeds
 * accounts through the API (register, start the trial, two conversations each
 * with an exchange with the embedded editor), each account behind its own
 * X-Forwarded-For address. Then, for `--seconds` each:
 *
 * - phase 1: `--clients` clients, each a closed loop over its own accounts on a
 *   weighted mix of sign-in, list, open, search, send (SSE, read to the `done`
 *   event) and a small text upload, inputs varied;
 * - phase 2: the same, plus one client sending `--long-chars`-character messages
 *   back to back, its latency shown on its own row.
 *
 * With `--uploads N`, phase 2 is instead the same clients plus N more, each uploading
 * 20 MB text files (the default MAX_UPLOAD_MB) back to back (every file different: a line of its own and
 * the rest taken from a random place in a text made once). A text file that large holds
 * more than the character limit, so the server reads the whole body and then refuses it
 * (400) before any extraction: what the phase adds is the reading of the multipart bodies.
 * By default each uploader sends as fast as the server reads (the worst case: a faster
 * reader then gets more traffic); `--upload-rate-mb 2` paces each at 2 MB/s, a client
 * behind a 16 Mbit/s link, so two servers get the same traffic however fast they read. The two phases alternate `--rounds` times, so a change in the machine's other
 * load falls on both; the target is the read p99 of the phases with the uploads within 2x
 * of that of the phases without them.
 *
 * In each phase the clients start at random moments within its first `--ramp-ms`
 * (`--ramp-ms 0`: all at once, one synchronised burst).
 *
 * Prints per route: count, req/s, p50/p99/max of the 2xx answers, errors (network
 * errors, resets, timeouts and wrong answers), 5xx (a streamed reply's `error`
 * event counts as the 5xx it is unstreamed) and 429 (limits working; the mix keeps
 * each account under the send and upload limits, so none are expected);
 * the server's worst event-loop delay, peak RSS and CPU, how long its request thread waited
 * for a CPU and its garbage collection pauses; then the issue's targets, met or not. `--check` exits 1 when a target is missed.
 */
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { UPLOAD_MESSAGES } from '../src/shared/uploads';
import { DOCUMENT_LIMITS, MB } from '../src/server/services/documents/limits';
import { messageOf, sessionCookie, streamProblem, type Answer } from './api-answers';
import { describeMix, parseMix, pickRoute } from './route-mix';
import { firstEventRow, fmtMs, printProblems, quantile, RouteStats, statsColumns, statsRow } from './route-stats';
import {
  cpuUs,
  cpuUsedUs,
  freePort,
  killChildren,
  mainThreadSchedMs,
  pool,
  procStatusKb,
  rng,
  startCopydesk,
  stopChild,
  STORY_TOPICS,
  type Rng,
} from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = { readP99Ms: 250, loopDelayMs: 50, uploadsReadP99Ratio: 2 };
const PASSWORD = 'load-bench-pass-1!';
/** The server's limits (chat SEND_RATE, DOCUMENT_LIMITS.uploadsPerUser), kept with a margin on the client side. */
const SEND_BUDGET = { max: 27, windowMs: 60_000 };
const UPLOAD_BUDGET = { max: 55, windowMs: 3_600_000 };
const REQUEST_TIMEOUT_MS = 30_000;
const LONG_TIMEOUT_MS = 300_000;
/** How long in-flight requests may finish after a phase ends before they are cut off. */
const DRAIN_MS = 120_000;
const CONVERSATIONS_PER_ACCOUNT = 2;
const LONG_ACCOUNTS = 2;
const LONG_CONVERSATIONS = 3;
/** Accounts per bulk uploader: their upload limits together outlast a phase of back-to-back 20 MB files. */
const BULK_ACCOUNTS = 2;

/** The bulk uploaders' files: the server's default MAX_UPLOAD_MB, more text than one document may hold (refused once read). */
const BULK_FILE_BYTES = 20 * MB;

const ROUTES = ['signin', 'list', 'open', 'search', 'send', 'upload'] as const;
type Route = (typeof ROUTES)[number];
/** The mix's routes, the long-message client's and the bulk uploaders'. */
type Row = Route | 'long' | 'bulk';
const READS: readonly Route[] = ['list', 'open', 'search'];
const ROUTE_LABEL: Record<Row, string> = {
  signin: 'sign-in  POST /api/login',
  list: 'list     GET /api/conversations',
  open: 'open     GET /api/conversations/:id',
  search: 'search   GET /api/conversations/search',
  send: 'send     POST …/:id/messages (SSE)',
  upload: 'upload   POST /api/files/upload',
  long: 'long message (one client)',
  bulk: 'bulk upload (--uploads clients)',
};
const DEFAULT_MIX: Record<Route, number> = { signin: 5, list: 25, open: 25, search: 25, send: 15, upload: 5 };

function fail(message: string): never {
  throw new Error(`bench load: ${message}`);
}

// ---------------------------------------------------------------- inputs

const SUBJECTS = [
  'The council',
  'A spokesperson',
  'The mayor',
  'Residents',
  'The committee',
  'Officials',
  'The ferry operator',
  'Teachers',
  'The union',
  'Police',
];
const VERBS = ['said', 'voted', 'argued', 'confirmed', 'denied', 'announced', 'warned', 'estimated', 'reported', 'promised'];
const OBJECTS = [
  'the revised budget',
  'a 4 percent fare rise',
  'the new timetable',
  'an independent review',
  'the closure of two branches',
  'the delayed repairs',
  'a second public hearing',
  'the contract terms',
  'the audit findings',
  'longer opening hours',
];
const TAILS = [
  'on Tuesday',
  'after a long hearing',
  'according to documents seen by the paper',
  'despite objections',
  'in a statement',
  'late last night',
  'for the third year running',
  'at a packed meeting',
  'without a vote',
  'before the deadline',
];
const SEARCH_WORDS = [
  'council',
  'budget',
  'harbour',
  'ferry',
  'school',
  'stadium',
  'court',
  'election',
  'storm',
  'transit',
  'hospital',
  'water',
  'hearing',
  'review',
  'officials',
  'timetable',
  'audit',
  'contract',
  'lead',
  'headline',
];

function sentence(r: Rng): string {
  return `${r.pick(SUBJECTS)} ${r.pick(VERBS)} ${r.pick(OBJECTS)} ${r.pick(TAILS)}, ${r.int(2) ? 'officials said' : `${2 + r.int(40)} people told reporters`}. `;
}

function prose(r: Rng, chars: number): string {
  let text = '';
  let n = 0;
  while (text.length < chars) {
    text += sentence(r);
    if (++n % (4 + r.int(4)) === 0) text += `\n\n`;
  }
  return text.slice(0, chars);
}

function shortMessage(r: Rng): string {
  const asks = [
    'Suggest a headline for this:',
    'Tighten this lead:',
    'Check this paragraph:',
    'Is this attribution clear?',
    'Rewrite this more plainly:',
  ];
  return `${r.pick(asks)} ${prose(r, 120 + r.int(500)).trim()}`;
}

function searchQuery(r: Rng): string {
  const word = r.pick(SEARCH_WORDS);
  switch (r.int(3)) {
    case 0:
      return word;
    case 1:
      return word.slice(0, 3 + r.int(Math.max(1, word.length - 3)));
    default:
      return `${word} ${r.pick(SEARCH_WORDS).slice(0, 4)}`;
  }
}

// ---------------------------------------------------------------- HTTP

class NetError extends Error {
  constructor(
    message: string,
    readonly reused: boolean,
    readonly cutOff = false,
  ) {
    super(message);
  }
}

/** Keep-alive HTTP to one loopback server. `fifo` spreads requests over the pool so no socket idles into the server's keep-alive timeout. */
class Http {
  private agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'fifo' });
  /** Requests running, each with the way to end it with a reason. */
  private readonly inFlight = new Map<http.ClientRequest, (e: NetError) => void>();

  constructor(private readonly port: number) {}

  /** A fresh pool: a phase starts on new connections, not ones left idle by the one before. */
  renew() {
    this.agent.destroy();
    this.agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'fifo' });
  }

  /** Ends whatever is still running (the end of a drain). */
  cutOff() {
    for (const [req, abort] of this.inFlight) abort(new NetError('cut off at the end of the phase', req.reusedSocket, true));
  }

  close() {
    this.cutOff();
    this.agent.destroy();
  }

  request(
    method: string,
    target: string,
    o: { headers?: Record<string, string>; body?: string | Buffer | Buffer[]; timeoutMs?: number; bytesPerSecond?: number } = {},
  ): Promise<Answer> {
    const started = performance.now();
    const headers: Record<string, string | number> = { ...o.headers };
    // As a browser on the app's page: APP_URL names this port.
    if (method !== 'GET' && method !== 'HEAD') headers.origin ??= `http://127.0.0.1:${this.port}`;
    if (o.body !== undefined)
      headers['content-length'] = Array.isArray(o.body) ? o.body.reduce((n, b) => n + b.length, 0) : Buffer.byteLength(o.body);
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, method, path: target, headers, agent: this.agent });
      let settled = false;
      let failure: NetError | undefined;
      let responded = false;
      const abort = (e: NetError) => {
        failure ??= e;
        req.destroy(e);
      };
      this.inFlight.set(req, abort);
      const settle = (then: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.inFlight.delete(req);
        then();
      };
      const netError = (e: unknown) =>
        e instanceof NetError
          ? e
          : new NetError(`${(e as NodeJS.ErrnoException).code ?? (e as Error).name}: ${(e as Error).message}`, req.reusedSocket);
      const timeoutMs = o.timeoutMs ?? REQUEST_TIMEOUT_MS;
      const timer = setTimeout(() => abort(new NetError(`no answer within ${timeoutMs / 1000} s`, req.reusedSocket)), timeoutMs);
      req.on('error', (e) => {
        failure ??= netError(e);
        settle(() => reject(failure));
      });
      req.on('close', () =>
        settle(() =>
          reject(
            failure ??
              new NetError(
                responded ? 'answer cut short: the connection closed mid-body' : 'connection closed before the answer',
                req.reusedSocket,
              ),
          ),
        ),
      );
      req.on('response', (res) => {
        responded = true;
        const chunks: Buffer[] = [];
        let firstMs = NaN;
        res.on('data', (c: Buffer) => {
          if (Number.isNaN(firstMs)) firstMs = performance.now() - started;
          chunks.push(c);
        });
        res.on('error', (e) => (failure ??= netError(e)));
        res.on('end', () => {
          const ms = performance.now() - started;
          settle(() =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              ms,
              firstMs: Number.isNaN(firstMs) ? ms : firstMs,
            }),
          );
        });
        res.on('close', () => {
          if (!res.complete)
            settle(() => reject(failure ?? new NetError('answer cut short: the connection closed mid-body', req.reusedSocket)));
        });
      });
      if (Array.isArray(o.body) || (o.bytesPerSecond && typeof o.body !== 'string' && o.body)) {
        void paced(req, Array.isArray(o.body) ? o.body : [o.body as Buffer], o.bytesPerSecond ?? 0);
      } else req.end(o.body);
    });
  }
}

/**
 * Writes the body's pieces as the connection takes them, at about `bytesPerSecond` when given (a
 * client behind a link of that speed). Pieces are views, never joined: a 20 MB copy per upload
 * held the bench's own event loop up to 130 ms, and every latency it measured with it.
 */
async function paced(req: http.ClientRequest, pieces: Buffer[], bytesPerSecond: number) {
  const step = 64 * 1024;
  const started = performance.now();
  let sent = 0;
  for (const piece of pieces) {
    for (let at = 0; at < piece.length && !req.destroyed; at += step) {
      const part = piece.subarray(at, at + step);
      sent += part.length;
      if (!req.write(part)) await new Promise((r) => req.once('drain', r));
      const due = bytesPerSecond ? started + (sent / bytesPerSecond) * 1000 - performance.now() : 0;
      if (due > 0) await new Promise((r) => setTimeout(r, due));
    }
  }
  if (!req.destroyed) req.end();
}

const json = (body: unknown) => JSON.stringify(body);

function multipart(filename: string, text: string) {
  const boundary = `----loadbench${Math.random().toString(36).slice(2)}`;
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

// ---------------------------------------------------------------- accounts

interface Account {
  index: number;
  email: string;
  ip: string;
  cookie: string;
  conversations: number[];
  /** When sends and uploads started, to stay under the server's per-user limits. */
  sends: number[];
  uploads: number[];
}

function budgetLeft(times: number[], rule: { max: number; windowMs: number }, now = Date.now()): number {
  while (times.length && times[0]! <= now - rule.windowMs) times.shift();
  return rule.max - times.length;
}

/** The account with the most of a budget left, or undefined when all are spent. */
function withBudget(accounts: Account[], key: 'sends' | 'uploads', rule: { max: number; windowMs: number }): Account | undefined {
  let best: Account | undefined;
  let left = 0;
  for (const a of accounts) {
    const l = budgetLeft(a[key], rule);
    if (l > left) [best, left] = [a, l];
  }
  return best;
}

/** Seeding must succeed: a refused or failed step is retried a few times (honouring Retry-After), then stops the bench with the answer. */
async function seedCall(
  client: Http,
  what: string,
  method: string,
  target: string,
  o: Parameters<Http['request']>[2],
  expect: number,
): Promise<Answer> {
  let last = '';
  for (let attempt = 1; attempt <= 5; attempt++) {
    try {
      const a = await client.request(method, target, o);
      if (a.status === expect) return a;
      last = `${a.status} ${messageOf(a)}`;
      if (a.status !== 429 && a.status < 500) break;
      const wait = Math.min(15, Number(a.headers['retry-after']) || 1);
      await new Promise((r) => setTimeout(r, wait * 1000));
    } catch (e) {
      last = (e as Error).message;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return fail(`seeding: ${what} failed: ${last}`);
}

async function seedAccount(client: Http, index: number, conversations: number, r: Rng): Promise<Account> {
  const ip = `10.${64 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`;
  const email = `desk${index}@load.bench.example`;
  const base = { 'x-forwarded-for': ip, 'content-type': 'application/json' };
  const reg = await seedCall(
    client,
    `register ${email}`,
    'POST',
    '/api/register',
    { headers: base, body: json({ username: `desk${index}`, email, password: PASSWORD }) },
    201,
  );
  const cookie = sessionCookie(reg) ?? fail(`register ${email} set no session cookie`);
  const account: Account = { index, email, ip, cookie, conversations: [], sends: [], uploads: [] };
  const headers = { ...base, cookie };
  await seedCall(client, `trial for ${email}`, 'POST', '/api/create-subscription', { headers, body: '{}' }, 200);
  for (let c = 0; c < conversations; c++) {
    const topic = r.pick(STORY_TOPICS);
    const conv = await seedCall(
      client,
      `conversation for ${email}`,
      'POST',
      '/api/conversations',
      { headers, body: json({ title: `${topic[0]!.toUpperCase()}${topic.slice(1)} #${index}-${c}` }) },
      201,
    );
    const id = (JSON.parse(conv.body) as { id: number }).id;
    account.conversations.push(id);
    account.sends.push(Date.now());
    await seedCall(
      client,
      `first message in ${id}`,
      'POST',
      `/api/conversations/${id}/messages`,
      { headers, body: json({ content: shortMessage(r) }) },
      200,
    );
  }
  return account;
}

// ---------------------------------------------------------------- statistics

class PhaseStats {
  readonly routes = new Map<Row, RouteStats>();
  sendsDeferred = 0;
  uploadsDeferred = 0;

  of(route: Row): RouteStats {
    let s = this.routes.get(route);
    if (!s) this.routes.set(route, (s = new RouteStats()));
    return s;
  }

  /** Records one finished request: a good answer's latency, or what went wrong. */
  record(route: Row, outcome: { answer?: Answer; problem?: Problem; error?: NetError }) {
    const s = this.of(route);
    const { answer, error } = outcome;
    if (error?.cutOff) {
      s.cutOff++;
      return;
    }
    s.count++;
    if (error) {
      s.errors++;
      s.note(`${error.message}${error.reused ? ' (reused keep-alive connection)' : ''}`);
      return;
    }
    if (!answer) return;
    if (answer.status >= 500) {
      s.s5xx++;
      s.note(`${answer.status} ${messageOf(answer)}`);
    } else if (answer.status === 429) {
      s.s429++;
      s.note(`429 ${messageOf(answer)}`);
    } else if (outcome.problem?.serverFailure) {
      s.s5xx++;
      s.note(outcome.problem.message);
    } else if (outcome.problem) {
      s.errors++;
      s.note(outcome.problem.message);
    } else {
      s.ms.push(answer.ms);
      s.firstMs.push(answer.firstMs);
    }
  }
}

// ---------------------------------------------------------------- the load

interface Phase {
  stats: PhaseStats;
  /** Set when the phase's time is up (or the server died): clients finish their request and leave. */
  stopping: boolean;
  serverExit?: string;
}

interface Problem {
  message: string;
  /** A failure the server reports inside a streamed 200 that would have been a 5xx unstreamed. */
  serverFailure?: boolean;
}

/** What a route answered, checked beyond its status: a 200 that is not the contract's answer is an error too. */
function check(route: Row, a: Answer): Problem | undefined {
  const wrong = (message: string) => ({ message });
  // Read whole, then refused for its length of text: anything else means the body was not read to its end.
  if (route === 'bulk') {
    const message = messageOf(a);
    return a.status === 400 && message === UPLOAD_MESSAGES.tooMuchText(DOCUMENT_LIMITS.maxChars).slice(0, 120)
      ? undefined
      : wrong(`${a.status} ${message}`);
  }
  if (a.status !== 200) return wrong(`${a.status} ${messageOf(a)}`);
  switch (route) {
    case 'signin':
      return sessionCookie(a) ? undefined : wrong('login answered 200 without a session cookie');
    case 'list':
    case 'open':
    case 'search':
      return a.body.startsWith('[') ? undefined : wrong(`not a JSON array: ${a.body.slice(0, 80)}`);
    case 'send':
    case 'long': {
      const problem = streamProblem(a.body);
      if (!problem) return undefined;
      return problem.status === undefined ? wrong(problem.message) : { message: problem.message, serverFailure: true };
    }
    case 'upload':
      return /"success"\s*:\s*true/.test(a.body) ? undefined : wrong(`upload not accepted: ${messageOf(a)}`);
  }
}

async function call(
  client: Http,
  phase: Phase,
  route: Row,
  account: Account,
  method: string,
  target: string,
  o: Parameters<Http['request']>[2] = {},
) {
  try {
    const answer = await client.request(method, target, {
      ...o,
      headers: { 'x-forwarded-for': account.ip, cookie: account.cookie, ...o.headers },
    });
    phase.stats.record(route, { answer, problem: check(route, answer) });
    return answer;
  } catch (e) {
    phase.stats.record(route, { error: e instanceof NetError ? e : new NetError(String(e), false) });
    // A refused connection (a dead server) would otherwise spin this loop.
    if (!(e instanceof NetError && e.cutOff)) await new Promise((r) => setTimeout(r, 50));
    return undefined;
  }
}

async function clientLoop(client: Http, phase: Phase, accounts: Account[], r: Rng, mix: Record<Route, number>, rampMs: number) {
  const total = ROUTES.reduce((s, k) => s + mix[k], 0);
  // Clients start spread over the ramp, as people arrive: all 100 in the same millisecond is one burst
  // the server drains for half a second, and it set the read p99 of a whole phase.
  if (rampMs > 0) await new Promise((res) => setTimeout(res, r.next() * rampMs));
  while (!phase.stopping) {
    let route = pickRoute(r, ROUTES, mix, total, 'list');
    let account = r.pick(accounts);
    if (route === 'send' || route === 'upload') {
      const budgeted = route === 'send' ? withBudget(accounts, 'sends', SEND_BUDGET) : withBudget(accounts, 'uploads', UPLOAD_BUDGET);
      if (budgeted) account = budgeted;
      else {
        // Over the per-user limit the server would answer 429: this client reads instead.
        if (route === 'send') phase.stats.sendsDeferred++;
        else phase.stats.uploadsDeferred++;
        route = r.pick(READS);
      }
    }
    const conversation = r.pick(account.conversations);
    switch (route) {
      case 'signin': {
        const a = await call(client, phase, route, account, 'POST', '/api/login', {
          headers: { 'content-type': 'application/json' },
          body: json({ email: account.email, password: PASSWORD, rememberMe: r.int(2) === 1 }),
        });
        const cookie = a && a.status === 200 ? sessionCookie(a) : undefined;
        if (cookie) account.cookie = cookie;
        break;
      }
      case 'list':
        await call(client, phase, route, account, 'GET', `/api/conversations${r.int(2) ? `?limit=${10 + r.int(90)}` : ''}`);
        break;
      case 'open':
        await call(client, phase, route, account, 'GET', `/api/conversations/${conversation}`);
        break;
      case 'search':
        await call(client, phase, route, account, 'GET', `/api/conversations/search?q=${encodeURIComponent(searchQuery(r))}`);
        break;
      case 'send':
        account.sends.push(Date.now());
        await call(client, phase, route, account, 'POST', `/api/conversations/${conversation}/messages`, {
          headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
          body: json({ content: shortMessage(r) }),
        });
        break;
      case 'upload': {
        account.uploads.push(Date.now());
        const { body, contentType } = multipart(`notes-${account.index}-${r.int(1e9)}.txt`, prose(r, 2_000 + r.int(4_000)));
        await call(client, phase, route, account, 'POST', `/api/files/upload?conversationId=${conversation}`, {
          headers: { 'content-type': contentType },
          body,
        });
        break;
      }
    }
  }
}

/** Sends `chars`-character messages back to back, each to the next of its conversations, within the send limit. */
async function longLoop(client: Http, phase: Phase, accounts: Account[], r: Rng, chars: number) {
  let turn = 0;
  while (!phase.stopping) {
    const account = withBudget(accounts, 'sends', SEND_BUDGET);
    if (!account) {
      await new Promise((res) => setTimeout(res, 500));
      continue;
    }
    account.sends.push(Date.now());
    const conversation = account.conversations[turn++ % account.conversations.length]!;
    await call(client, phase, 'long', account, 'POST', `/api/conversations/${conversation}/messages`, {
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: json({ content: prose(r, chars) }),
      timeoutMs: LONG_TIMEOUT_MS,
    });
  }
}

/** A text made once; each bulk upload is a line of its own and then this text from a random place, wrapping. */
function bulkText(r: Rng): Buffer {
  return Buffer.from(prose(r, BULK_FILE_BYTES), 'latin1');
}

function bulkUpload(text: Buffer, r: Rng, n: number) {
  const boundary = `----loadbulk${r.int(1e9)}`;
  const own = Buffer.from(`Bulk upload ${n}-${r.int(1e9)}\n`);
  const at = r.int(text.length);
  const rest = BULK_FILE_BYTES - own.length;
  const body = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bulk-${n}.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    own,
    text.subarray(at, at + rest),
    text.subarray(0, Math.max(0, rest - (text.length - at))),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a different 20 MB text file after another, within the per-user upload limit. */
async function bulkLoop(client: Http, phase: Phase, accounts: Account[], r: Rng, text: Buffer, rampMs: number, bytesPerSecond: number) {
  if (rampMs > 0) await new Promise((res) => setTimeout(res, r.next() * rampMs));
  let n = 0;
  while (!phase.stopping) {
    const account = withBudget(accounts, 'uploads', UPLOAD_BUDGET);
    if (!account) {
      await new Promise((res) => setTimeout(res, 500));
      continue;
    }
    account.uploads.push(Date.now());
    const { body, contentType } = bulkUpload(text, r, n++);
    await call(client, phase, 'bulk', account, 'POST', '/api/files/upload', {
      headers: { 'content-type': contentType },
      body,
      bytesPerSecond,
      timeoutMs: LONG_TIMEOUT_MS,
    });
  }
}

// ---------------------------------------------------------------- the server

interface Server {
  child: ChildProcess;
  port: number;
  logFile: string;
  delayFile: string;
  exit?: string;
}

const logTail = (s: Server) => (fs.existsSync(s.logFile) ? fs.readFileSync(s.logFile, 'utf8').slice(-3000) : '');

async function waitReady(s: Server, timeoutMs = 90_000) {
  const probe = new Http(s.port);
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline && !s.exit) {
      try {
        if ((await probe.request('GET', '/api/plans', { timeoutMs: 2_000 })).status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    probe.close();
  }
  if (s.exit || Date.now() >= deadline) fail(`Copydesk did not become ready (${s.exit ?? 'timed out'}):\n${logTail(s)}`);
  // The grammar checker compiles its WebAssembly in a worker after start: load a warm server, as in service.
  const warm = Date.now() + 60_000;
  while (!/editor: grammar checker/.test(logTail(s)) && Date.now() < warm && !s.exit) await new Promise((r) => setTimeout(r, 100));
}

interface LoopDelay {
  maxMs: number;
  p99Ms: number;
  p50Ms: number;
  samples: number;
  gc?: { count: number; totalMs: number; maxMs: number; maxKind: string };
  heapUsedMb?: number;
}

/** Asks the preloaded monitor for the delay since the last ask (SIGUSR2), and waits for its answer; undefined if none came. */
async function loopDelay(s: Server, timeoutMs = 30_000): Promise<LoopDelay | undefined> {
  const read = () => {
    try {
      return JSON.parse(fs.readFileSync(s.delayFile, 'utf8')) as LoopDelay & { seq: number };
    } catch {
      return undefined;
    }
  };
  const before = read()?.seq ?? 0;
  if (s.exit || !s.child.kill('SIGUSR2')) return undefined;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !s.exit) {
    const now = read();
    if (now && now.seq > before) return now;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

// ---------------------------------------------------------------- a phase

interface PhaseResult {
  name: string;
  seconds: number;
  stats: PhaseStats;
  delay?: LoopDelay;
  rssPeakMb: number;
  rssStartMb: number;
  serverCpuS: number;
  /** The server's main thread: time on a CPU and time runnable but waiting for one. */
  requestThread: { ranS: number; waitedS: number };
  benchCpuS: number;
  /** The bench's own event-loop delay: a late client inflates every latency it measures. */
  benchDelay: { maxMs: number; p99Ms: number };
  serverExit?: string;
  cutOff: number;
}

async function runPhase(
  name: string,
  server: Server,
  client: Http,
  o: {
    seconds: number;
    desks: Account[][];
    long?: { accounts: Account[]; chars: number };
    /** One uploader per list of accounts, each sending `text`-based bulk files back to back. */
    bulk?: { desks: Account[][]; text: Buffer; bytesPerSecond: number };
    mix: Record<Route, number>;
    seed: number;
    /** Clients start at random moments within this many milliseconds of the phase's start. */
    rampMs: number;
    freshConnections?: boolean;
  },
): Promise<PhaseResult> {
  // Measured phases go on over the connections the warm-up opened: a fresh pool made each phase
  // begin with 100 connects at once, whose first answers waited up to 0.7 s for the server to
  // accept them (cause not yet found), and the phase then measured that burst, not its load.
  if (o.freshConnections) client.renew();
  const phase: Phase = { stats: new PhaseStats(), stopping: false };
  const pid = server.child.pid!;
  const onExit = () => {
    phase.serverExit = server.exit;
    phase.stopping = true;
  };
  server.child.once('exit', onExit);
  await loopDelay(server);
  const rssStartMb = procStatusKb(pid) / 1024;
  let rssPeakKb = procStatusKb(pid);
  const sampler = setInterval(() => {
    const kb = procStatusKb(pid);
    if (kb > rssPeakKb) rssPeakKb = kb;
  }, 200);
  const cpuBefore = server.exit ? NaN : cpuUs(pid);
  const schedBefore = mainThreadSchedMs(pid);
  const benchCpuBefore = process.cpuUsage();
  const benchDelay = monitorEventLoopDelay({ resolution: 10 });
  benchDelay.enable();
  const started = performance.now();
  const loops = o.desks.map((accounts, i) => clientLoop(client, phase, accounts, rng(o.seed * 7919 + i), o.mix, o.rampMs));
  if (o.long) loops.push(longLoop(client, phase, o.long.accounts, rng(o.seed * 104729), o.long.chars));
  if (o.bulk) {
    const { text, bytesPerSecond } = o.bulk;
    loops.push(
      ...o.bulk.desks.map((accounts, i) => bulkLoop(client, phase, accounts, rng(o.seed * 15485863 + i), text, o.rampMs, bytesPerSecond)),
    );
  }
  const timer = setTimeout(() => (phase.stopping = true), o.seconds * 1000);
  // Wait the phase out (or the server's death), then give in-flight requests time to finish.
  while (!phase.stopping) await new Promise((r) => setTimeout(r, 100));
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  const drained = Promise.all(loops);
  const drainTimer = setTimeout(() => client.cutOff(), DRAIN_MS);
  await drained;
  clearTimeout(drainTimer);
  server.child.off('exit', onExit);
  clearInterval(sampler);
  const serverCpuS = server.exit ? NaN : (cpuUs(pid) - cpuBefore) / 1e6;
  const schedAfter = mainThreadSchedMs(pid);
  const requestThread = {
    ranS: (schedAfter.ranMs - schedBefore.ranMs) / 1000,
    waitedS: (schedAfter.waitedMs - schedBefore.waitedMs) / 1000,
  };
  const benchCpuUs = cpuUsedUs(benchCpuBefore);
  benchDelay.disable();
  const delay = await loopDelay(server);
  let cutOff = 0;
  for (const s of phase.stats.routes.values()) cutOff += s.cutOff;
  return {
    name,
    seconds,
    stats: phase.stats,
    delay,
    rssPeakMb: rssPeakKb / 1024,
    rssStartMb,
    serverCpuS,
    requestThread,
    benchCpuS: benchCpuUs / 1e6,
    benchDelay: { maxMs: benchDelay.max / 1e6, p99Ms: benchDelay.percentile(99) / 1e6 },
    serverExit: phase.serverExit,
    cutOff,
  };
}

// ---------------------------------------------------------------- report

function merged(stats: PhaseStats, routes: Row[]): RouteStats {
  const m = new RouteStats();
  for (const r of routes) {
    const s = stats.routes.get(r);
    if (s) m.add(s);
  }
  return m;
}

function printPhase(p: PhaseResult) {
  const row = (label: string, s: RouteStats) => statsRow(label, s, p.seconds, { max: true });
  console.log(`\n${p.name} (${p.seconds.toFixed(1)} s; latency of 2xx answers)`);
  console.log(`${'route'.padEnd(38)} ${statsColumns({ max: true })}`);
  for (const route of ROUTES) console.log(row(ROUTE_LABEL[route], p.stats.of(route)));
  console.log(firstEventRow('  send: first event of the reply', p.stats.of('send').firstMs));
  console.log(row('reads (list, open, search)', merged(p.stats, [...READS])));
  console.log(row('all of the mix', merged(p.stats, [...ROUTES])));
  if (p.stats.routes.has('long')) {
    const long = p.stats.of('long');
    console.log(row(ROUTE_LABEL.long, long));
    console.log(firstEventRow('  long: first event of the reply', long.firstMs));
  }
  if (p.stats.routes.has('bulk')) console.log(row(ROUTE_LABEL.bulk, p.stats.of('bulk')));
  const d = p.delay;
  console.log(
    `server: event-loop delay ${d ? `max ${fmtMs(d.maxMs)}, p99 ${fmtMs(d.p99Ms)}, p50 ${fmtMs(d.p50Ms)}` : 'not reported'}; ` +
      `RSS ${p.rssStartMb.toFixed(0)} MB at start, peak ${p.rssPeakMb.toFixed(0)} MB; CPU ${Number.isFinite(p.serverCpuS) ? `${p.serverCpuS.toFixed(1)} s (${(p.serverCpuS / p.seconds).toFixed(2)} cores)` : '–'}; ` +
      `bench client CPU ${(p.benchCpuS / p.seconds).toFixed(2)} cores, event-loop delay max ${fmtMs(p.benchDelay.maxMs)}, p99 ${fmtMs(p.benchDelay.p99Ms)}`,
  );
  if (Number.isFinite(p.requestThread.ranS)) {
    console.log(
      `request thread: ran ${p.requestThread.ranS.toFixed(1)} s, waited ${p.requestThread.waitedS.toFixed(1)} s for a CPU ` +
        `(${((p.requestThread.waitedS / p.requestThread.ranS) * 100).toFixed(0)}% of its running time)`,
    );
  }
  if (d?.gc) {
    console.log(
      `garbage collection on the request thread: ${d.gc.count} pauses, ${fmtMs(d.gc.totalMs)} in all, the longest ${fmtMs(d.gc.maxMs)} (${d.gc.maxKind}); heap in use at the end ${d.heapUsedMb?.toFixed(0)} MB`,
    );
  }
  if (p.stats.sendsDeferred || p.stats.uploadsDeferred) {
    console.log(
      `mix: ${p.stats.sendsDeferred} sends and ${p.stats.uploadsDeferred} uploads became reads to stay under the per-user limits`,
    );
  }
  if (p.cutOff) console.log(`${p.cutOff} requests still running ${DRAIN_MS / 1000} s after the phase ended were cut off (not counted)`);
  if (p.serverExit) console.log(`THE SERVER EXITED during this phase: ${p.serverExit}`);
  printProblems(p.stats.routes);
}

// ---------------------------------------------------------------- run

export async function run(args: string[]): Promise<number> {
  const { values: v } = parseArgs({
    args,
    options: {
      seconds: { type: 'string', default: '60' },
      clients: { type: 'string', default: '100' },
      warmup: { type: 'string', default: '3' },
      'ramp-ms': { type: 'string', default: '1000' },
      'accounts-per-client': { type: 'string', default: '3' },
      'long-chars': { type: 'string', default: '100000' },
      uploads: { type: 'string', default: '0' },
      'upload-rate-mb': { type: 'string', default: '0' },
      rounds: { type: 'string', default: '2' },
      mix: { type: 'string' },
      seed: { type: 'string', default: '1' },
      check: { type: 'boolean', default: false },
      'server-flags': { type: 'string', default: '' },
      keep: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const num = (name: string, raw: string | undefined, min: number) => {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) fail(`--${name} must be a number of at least ${min}`);
    return n;
  };
  const seconds = num('seconds', v.seconds, 1);
  const clients = Math.floor(num('clients', v.clients, 1));
  const warmup = num('warmup', v.warmup, 0);
  const rampMs = num('ramp-ms', v['ramp-ms'], 0);
  const perClient = Math.floor(num('accounts-per-client', v['accounts-per-client'], 1));
  const longChars = Math.floor(num('long-chars', v['long-chars'], 1));
  const uploaders = Math.floor(num('uploads', v.uploads, 0));
  const bulkRateMb = num('upload-rate-mb', v['upload-rate-mb'], 0);
  const bulkRounds = Math.floor(num('rounds', v.rounds, 1));
  const seed = Math.floor(num('seed', v.seed, 0));
  const mix = parseMix(v.mix, ROUTES, DEFAULT_MIX, fail);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-load-'));
  const port = await freePort();
  const server: Server = {
    port,
    logFile: path.join(dataDir, 'copydesk.log'),
    delayFile: path.join(dataDir, 'loop-delay.json'),
    child: undefined as never,
  };
  const client = new Http(port);
  try {
    const second = uploaders
      ? `${uploaders} more clients uploading ${BULK_FILE_BYTES / MB} MB files`
      : `one ${longChars.toLocaleString('en-US')}-character sender`;
    console.log(
      `load: ${clients} clients × ${seconds} s, twice (the second with ${second}); ` +
        `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)}`,
    );
    console.log(`mix: ${describeMix(ROUTES, mix)}; each phase's clients start spread over its first ${rampMs} ms (--ramp-ms)`);
    server.child = startCopydesk({
      port,
      dataDir,
      env: {
        TRUST_PROXY: '1',
        BENCH_LOOP_DELAY_FILE: server.delayFile,
        // The embedded editor and local billing, whatever the caller's shell has set.
        OPENAI_API_KEY: '',
        OPENAI_BASE_URL: '',
        STRIPE_SECRET_KEY: '',
      },
      logFile: server.logFile,
      nodeFlags: [
        ...v['server-flags'].split(/\s+/).filter(Boolean),
        '--import',
        pathToFileURL(path.join(root, 'bench/support-loop-delay.mjs')).href,
      ],
    });
    if (!server.child.pid) fail('Copydesk did not start');
    server.child.once('exit', (code, signal) => (server.exit = `exit code ${code ?? '–'}${signal ? `, signal ${signal}` : ''}`));
    await waitReady(server);
    if (!(await loopDelay(server, 10_000))) fail('the event-loop monitor did not answer (is bench/support-loop-delay.mjs preloaded?)');

    const seedStarted = performance.now();
    const r = rng(seed);
    const total = clients * perClient;
    const accounts: Account[] = [];
    // The long sender's accounts, or the bulk uploaders' (who need no conversation: they upload outside one).
    const extra = uploaders ? uploaders * BULK_ACCOUNTS : LONG_ACCOUNTS;
    await pool(
      Array.from({ length: total + extra }, (_, i) => i + 1),
      16,
      async (i) => {
        const conversations = i <= total ? CONVERSATIONS_PER_ACCOUNT : uploaders ? 0 : LONG_CONVERSATIONS;
        accounts.push(await seedAccount(client, i, conversations, r));
      },
    );
    accounts.sort((a, b) => a.index - b.index);
    const desks = Array.from({ length: clients }, (_, c) => accounts.slice(c * perClient, (c + 1) * perClient));
    const longAccounts = accounts.slice(total);
    const bulk = uploaders
      ? {
          desks: Array.from({ length: uploaders }, (_, u) => longAccounts.slice(u * BULK_ACCOUNTS, (u + 1) * BULK_ACCOUNTS)),
          text: bulkText(r),
          bytesPerSecond: bulkRateMb * MB,
        }
      : undefined;
    console.log(
      `seeded ${accounts.length} accounts through the API (register, trial, ${CONVERSATIONS_PER_ACCOUNT} conversations with an editor exchange each) ` +
        `in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; server RSS ${(procStatusKb(server.child.pid!) / 1024).toFixed(0)} MB`,
    );

    const results: PhaseResult[] = [];
    if (warmup > 0)
      await runPhase('warm-up', server, client, { seconds: warmup, desks, mix, seed: seed + 1, rampMs, freshConnections: true });
    // With uploads the two phases alternate, so a change in the machine's other load falls on both.
    const rounds = bulk ? bulkRounds : 1;
    for (let round = 0; round < rounds && !server.exit; round++) {
      const of = rounds > 1 ? ` (round ${round + 1} of ${rounds})` : '';
      const p1 = await runPhase(`phase 1: ${clients} clients${of}`, server, client, {
        seconds,
        desks,
        mix,
        seed: seed + 2 + 2 * round,
        rampMs,
      });
      printPhase(p1);
      results.push(p1);
      if (server.exit) break;
      await new Promise((res) => setTimeout(res, 1_000));
      const p2 = await runPhase(
        bulk
          ? `phase 2: ${clients} clients + ${uploaders} uploading ${BULK_FILE_BYTES / MB} MB files at ${bulkRateMb || 'any'} MB/s each${of}`
          : `phase 2: ${clients} clients + one sending ${longChars.toLocaleString('en-US')}-character messages`,
        server,
        client,
        {
          seconds,
          desks,
          long: bulk ? undefined : { accounts: longAccounts, chars: longChars },
          bulk,
          mix,
          seed: seed + 3 + 2 * round,
          rampMs,
        },
      );
      printPhase(p2);
      results.push(p2);
    }
    const hwm = server.exit ? NaN : procStatusKb(server.child.pid!, 'VmHWM') / 1024;
    const died = server.exit;
    if (died) console.log(`\nTHE SERVER EXITED (${server.exit}); its log ends:\n${logTail(server)}`);
    else await stopChild(server.child);

    // ------------------------------------------------------------ targets
    const phases = results.length;
    const sum = (f: (s: RouteStats) => number) =>
      results.reduce((t, p) => t + [...p.stats.routes.values()].reduce((u, s) => u + f(s), 0), 0);
    const errors = sum((s) => s.errors);
    const s5xx = sum((s) => s.s5xx);
    const s429 = sum((s) => s.s429);
    const readP99 = results.map((p) => quantile(merged(p.stats, [...READS]).ms, 0.99));
    const p2 = results[1];
    const longDelay = p2?.delay?.maxMs ?? NaN;
    const complete = phases === 2 * rounds && !died;
    // Uploads: the reads of every phase without them against those of every phase with them, and round by round.
    const readsOf = (withUploads: number) => results.filter((_, i) => i % 2 === withUploads).flatMap((p) => merged(p.stats, [...READS]).ms);
    const uploadsRatio = quantile(readsOf(1), 0.99) / quantile(readsOf(0), 0.99);
    const roundRatios = Array.from({ length: Math.floor(phases / 2) }, (_, r) => (readP99[2 * r + 1]! / readP99[2 * r]!).toFixed(2));
    const targets = [
      { what: 'errors (network, resets, timeouts, wrong answers), both phases', value: String(errors), ok: complete && errors === 0 },
      { what: '5xx answers (error events in streamed replies included), both phases', value: String(s5xx), ok: complete && s5xx === 0 },
      bulk
        ? {
            what: `read p99 with ${uploaders} clients uploading ${BULK_FILE_BYTES / MB} MB files within ${TARGETS.uploadsReadP99Ratio}x of without them`,
            value:
              `${fmtMs(quantile(readsOf(1), 0.99))} / ${fmtMs(quantile(readsOf(0), 0.99))} = ${Number.isFinite(uploadsRatio) ? uploadsRatio.toFixed(2) : '–'}x` +
              (roundRatios.length > 1 ? ` (round by round: ${roundRatios.map((x) => `${x}x`).join(', ')})` : ''),
            ok: complete && uploadsRatio <= TARGETS.uploadsReadP99Ratio,
          }
        : {
            what: `read p99 while messages are sent (list, open, search) < ${TARGETS.readP99Ms} ms`,
            value: readP99.map((x, i) => `phase ${i + 1} ${fmtMs(x)}`).join(', ') || '–',
            ok: complete && readP99.every((x) => x < TARGETS.readP99Ms),
          },
      ...(bulk
        ? []
        : [
            {
              what: `event-loop delay with the long-message client running < ${TARGETS.loopDelayMs} ms (max)`,
              value: `${fmtMs(longDelay)} (p99 ${fmtMs(p2?.delay?.p99Ms ?? NaN)})`,
              ok: complete && longDelay < TARGETS.loopDelayMs,
            },
          ]),
    ];
    console.log(bulk ? `\ntargets (uploads off the request thread)` : `\ntargets (issue 9)`);
    for (const t of targets) console.log(`  ${t.ok ? 'met    ' : 'MISSED '}  ${t.what}: ${t.value}`);
    console.log(`  429 answers (limits working; the mix is meant to stay under them): ${s429}`);
    if (bulk) {
      const worstDelay = (withUploads: number) =>
        fmtMs(Math.max(...results.filter((_, i) => i % 2 === withUploads).map((p) => p.delay?.maxMs ?? NaN)));
      console.log(`  event-loop delay, the worst phase's max: ${worstDelay(0)} without the uploads, ${worstDelay(1)} with them`);
    }
    const long = p2?.stats.routes.get('long');
    if (long) console.log(`  long messages answered: ${long.ms.length} of ${long.count}, p50 ${fmtMs(quantile(long.ms, 0.5))}`);
    console.log(`  server peak RSS over the run (VmHWM): ${Number.isFinite(hwm) ? `${hwm.toFixed(0)} MB` : '–'}`);
    if (!complete) console.log('  the run did not complete: the server exited');
    return v.check && !targets.every((t) => t.ok) ? 1 : 0;
  } finally {
    client.close();
    killChildren();
    if (v.keep) console.log(`kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
