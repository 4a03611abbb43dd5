/**
 * `npm run bench -- chat [--ttft 200] [--token-interval 20] [--tokens 40] [--samples 40] [--warmup 5]
 *                        [--streams 200] [--conversations 10000] [--messages-per 20] [--loads 200]`
 *
 * Starts Copydesk as `npm start` runs it (scripts/start.mjs: the server bundle under plain Node)
 * with OPENAI_BASE_URL at the local Chat Completions double
 * (tests/support/openai-server.ts, in this process) answering with a fixed
 * time to first token and a fixed token rate, then measures in one run:
 *
 * - the extra time to first token through Copydesk (REST SSE path) against
 *   calling the model double directly, samples interleaved;
 * - how long a stop takes to reach the model (client abort -> upstream closed);
 * - N concurrent streams (N users, one reply each) and their errors;
 * - GET /api/conversations and GET /api/conversations/:id for a user with
 *   10,000 conversations and 200,000 messages (seeded with one SQLite
 *   transaction), timed by the client and by Copydesk's own request log.
 *
 * Targets: <= 5 ms median extra TTFT, 0 errors over the concurrent streams,
 * <= 50 ms list and conversation load, stop reaching the model within 1 s.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { OPENAI_TEST_KEY, startFakeOpenAi, type FakeOpenAiServer } from '../tests/support/openai-server';
import { systemClock } from '../src/server/clock';
import { openDatabase } from '../src/server/db';
import { createSessionService } from '../src/server/services/auth/sessions';
import { quantile } from './route-stats';
import { cpuUs, cpuUsedUs, freePort, startChild, stopChild, STORY_TOPICS } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = { extraTtftMs: 5, streamErrors: 0, listMs: 50, loadMs: 50, stopMs: 1000 };
const MESSAGE = 'Suggest a headline for the council budget story.';

/** A row of the result table. Other measurements (the documents engineer's PDF extraction) add rows of this shape. */
export interface BenchRow {
  metric: string;
  value: string;
  target?: string;
  ok?: boolean;
}

function fail(message: string): never {
  throw new Error(`bench chat: ${message}`);
}

const median = (xs: number[]) => quantile(xs, 0.5);
const ms = (v: number) => `${v.toFixed(1)} ms`;

interface Seeded {
  dataDir: string;
  /** Cookies of users with an active plan and one empty conversation each. */
  streamers: Array<{ cookie: string; conversationId: number }>;
  heavy: { cookie: string; conversationIds: number[]; messages: number };
  seedMs: number;
}

/** Users, sessions and the 10,000-conversation history, written straight into a fresh database file. */
async function seed(dataDir: string, o: { streamers: number; conversations: number; messagesPer: number }): Promise<Seeded> {
  const started = performance.now();
  const { db, dialect } = openDatabase(path.join(dataDir, 'app.db'));
  const sessions = createSessionService(db, systemClock);
  const sqlite = dialect.client;
  const addUser = sqlite.prepare(
    `INSERT INTO users (username, email, password_hash, subscription_status, subscription_plan) VALUES (?, ?, 'not-a-hash', 'active', 'professional')`,
  );
  const addConversation = sqlite.prepare(`INSERT INTO conversations (user_id, title, created_at, updated_at) VALUES (?, ?, ?, ?)`);
  const addMessage = sqlite.prepare(
    `INSERT INTO messages (conversation_id, role, content, status, created_at) VALUES (?, ?, ?, 'complete', ?)`,
  );
  const cookie = async (userId: number) => `copydesk_session=${(await sessions.create(userId, true)).token}`;

  const streamerIds: Array<{ userId: number; conversationId: number }> = [];
  const heavyIds: number[] = [];
  let heavyUser = 0;
  const now = Date.now();
  sqlite.transaction(() => {
    for (let i = 0; i < o.streamers; i++) {
      const userId = Number(addUser.run(`streamer${i}`, `streamer${i}@bench.example`).lastInsertRowid);
      streamerIds.push({ userId, conversationId: Number(addConversation.run(userId, 'New Conversation', now, now).lastInsertRowid) });
    }
    heavyUser = Number(addUser.run('archivist', 'archivist@bench.example').lastInsertRowid);
    for (let c = 0; c < o.conversations; c++) {
      const topic = STORY_TOPICS[c % STORY_TOPICS.length];
      const at = now - (o.conversations - c) * 60_000;
      const id = Number(addConversation.run(heavyUser, `${topic} #${c}`, at, at + o.messagesPer * 1000).lastInsertRowid);
      heavyIds.push(id);
      for (let m = 0; m < o.messagesPer; m++) {
        const user = m % 2 === 0;
        const content = user
          ? `Draft ${m / 2} of the ${topic} story: the committee voted 5-4 on Tuesday after a long public hearing, officials said.`
          : `## Editor’s review\n\nLead with the vote. Attribute “officials said” to a named official, and give the baseline for the ${topic} figures.`;
        addMessage.run(id, user ? 'user' : 'assistant', content, at + m * 1000);
      }
    }
  })();
  const streamers: Seeded['streamers'] = [];
  for (const s of streamerIds) streamers.push({ cookie: await cookie(s.userId), conversationId: s.conversationId });
  const heavyCookie = await cookie(heavyUser);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await dialect.close();
  return {
    dataDir,
    streamers,
    heavy: { cookie: heavyCookie, conversationIds: heavyIds, messages: o.conversations * o.messagesPer },
    seedMs: performance.now() - started,
  };
}

/** CPU time (user + system) a process has used so far, in ms; NaN once it is gone. */
function cpuMs(pid: number): number {
  try {
    return cpuUs(pid) / 1000;
  } catch {
    return NaN;
  }
}

function startCopydesk(env: Record<string, string>, logFile: string, nodeFlags: string[]) {
  return startChild('scripts/start.mjs', { args: ['--no-client-build'], env, logFile, nodeFlags, cwd: root });
}

async function waitReady(url: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`${url}/api/user`);
      await res.arrayBuffer();
      if (res.status === 401) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  fail(`Copydesk did not become ready:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`);
}

interface StreamResult {
  ttftMs: number;
  totalMs: number;
  error?: string;
  /** performance.now() at the request and at the first token, to split TTFT against the model double's records. */
  startedAt?: number;
  firstAt?: number;
}

/** Reads a response body until `firstMark` appears (first token), then to the end, checking `isComplete`. */
async function timeStream(
  start: number,
  res: Response,
  firstMark: string,
  check: (body: string) => string | undefined,
  abortAfterFirst?: () => void,
): Promise<StreamResult> {
  if (!res.ok || !res.body) return { ttftMs: NaN, totalMs: NaN, error: `HTTP ${res.status}: ${(await res.text()).slice(0, 200)}` };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let body = '';
  let ttft = NaN;
  let firstAt = NaN;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
      if (Number.isNaN(ttft) && body.includes(firstMark)) {
        firstAt = performance.now();
        ttft = firstAt - start;
        if (abortAfterFirst) {
          abortAfterFirst();
          return { ttftMs: ttft, totalMs: NaN, startedAt: start, firstAt };
        }
      }
    }
  } catch (e) {
    return { ttftMs: ttft, totalMs: NaN, error: e instanceof Error ? e.message : String(e) };
  }
  return { ttftMs: ttft, totalMs: performance.now() - start, error: check(body), startedAt: start, firstAt };
}

function viaCopydesk(url: string, who: { cookie: string; conversationId: number }, signal?: AbortSignal) {
  return fetch(`${url}/api/conversations/${who.conversationId}/messages`, {
    method: 'POST',
    headers: { origin: new URL(url).origin, 'content-type': 'application/json', accept: 'text/event-stream', cookie: who.cookie },
    body: JSON.stringify({ content: MESSAGE }),
    signal,
  });
}

const copydeskCheck = (body: string) =>
  body.includes('event: error')
    ? `error event: ${body.slice(body.indexOf('event: error'), body.indexOf('event: error') + 200)}`
    : body.includes('event: done')
      ? undefined
      : 'no done event';

async function sampleViaCopydesk(url: string, who: { cookie: string; conversationId: number }) {
  const start = performance.now();
  return timeStream(start, await viaCopydesk(url, who), 'event: delta', copydeskCheck);
}

async function sampleDirect(fake: FakeOpenAiServer) {
  const start = performance.now();
  const res = await fetch(`${fake.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${OPENAI_TEST_KEY}` },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: MESSAGE }] }),
  });
  return timeStream(start, res, '"delta":{"content":"', (b) => (b.includes('[DONE]') ? undefined : 'no [DONE]'));
}

/** Request times Copydesk logged for a path pattern (`GET /api/conversations 200 1.2ms`). */
function loggedTimes(logFile: string, pattern: RegExp): number[] {
  return fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .map((line) => line.match(pattern)?.[1])
    .filter((v): v is string => v !== undefined)
    .map(Number);
}

async function timedGet(url: string, cookie: string) {
  const start = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = await res.arrayBuffer();
  if (res.status !== 200) fail(`GET ${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
  return { ms: performance.now() - start, res, bytes: body.byteLength };
}

function printTable(rows: BenchRow[]) {
  const w = [
    Math.max(...rows.map((r) => r.metric.length)),
    Math.max(...rows.map((r) => r.value.length)),
    Math.max(6, ...rows.map((r) => (r.target ?? '').length)),
  ];
  const line = (a: string, b: string, c: string, d: string) => `${a.padEnd(w[0]!)}  ${b.padStart(w[1]!)}  ${c.padEnd(w[2]!)}  ${d}`;
  console.log(line('metric', 'value', 'target', ''));
  console.log(line('-'.repeat(w[0]!), '-'.repeat(w[1]!), '-'.repeat(w[2]!), '----'));
  for (const r of rows) console.log(line(r.metric, r.value, r.target ?? '', r.ok === undefined ? '' : r.ok ? 'ok' : 'MISS'));
}

export async function run(args: string[]): Promise<number> {
  const { values: v } = parseArgs({
    args,
    options: {
      ttft: { type: 'string', default: '200' },
      'token-interval': { type: 'string', default: '20' },
      tokens: { type: 'string', default: '40' },
      samples: { type: 'string', default: '40' },
      warmup: { type: 'string', default: '5' },
      streams: { type: 'string', default: '200' },
      conversations: { type: 'string', default: '10000' },
      'messages-per': { type: 'string', default: '20' },
      loads: { type: 'string', default: '200' },
      'stop-samples': { type: 'string', default: '10' },
      /** Writes a V8 CPU profile of Copydesk into this folder. */
      profile: { type: 'string' },
    },
    strict: true,
  });
  const o = {
    ttft: Number(v.ttft),
    tokenInterval: Number(v['token-interval']),
    tokens: Number(v.tokens),
    samples: Number(v.samples),
    warmup: Number(v.warmup),
    streams: Number(v.streams),
    conversations: Number(v.conversations),
    messagesPer: Number(v['messages-per']),
    loads: Number(v.loads),
    stopSamples: Number(v['stop-samples']),
  };
  for (const [k, n] of Object.entries(o)) if (!Number.isFinite(n) || n < 0) fail(`--${k} must be a number`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bench-chat-'));
  const logFile = path.join(dataDir, 'copydesk.log');
  const tokens = Array.from({ length: o.tokens }, (_, i) => (i === 0 ? 'Council' : ` word${i}`));
  const fake = await startFakeOpenAi({ tokens, firstTokenMs: o.ttft, tokenIntervalMs: o.tokenInterval });
  let child: ChildProcess | undefined;
  try {
    console.log(
      `machine: ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (shared machine: numbers move with its load)`,
    );
    console.log(`model double: first token after ${o.ttft} ms, then ${o.tokens} tokens every ${o.tokenInterval} ms`);
    const streamers = Math.max(o.streams, 1);
    const seeded = await seed(dataDir, { streamers, conversations: o.conversations, messagesPer: o.messagesPer });
    console.log(
      `seeded ${streamers} subscribers and 1 user with ${o.conversations.toLocaleString('en-US')} conversations / ${seeded.heavy.messages.toLocaleString('en-US')} messages in ${(seeded.seedMs / 1000).toFixed(1)} s`,
    );

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = startCopydesk(
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_URL: url,
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: OPENAI_TEST_KEY,
        OPENAI_MODEL: 'gpt-4o-mini',
      },
      logFile,
      v.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(v.profile)}`] : [],
    );
    await waitReady(url, child, logFile);
    const aiLine = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('ai: '));
    console.log(`Copydesk: ${aiLine ?? '(no ai line)'}`);

    // Users take turns so the per-user send limit never shapes the numbers.
    let turn = 0;
    const nextUser = () => seeded.streamers[turn++ % seeded.streamers.length]!;

    // Warm-up: JIT, connections, the SDK's first request. Its replies are one token long, so a long
    // warm-up (a server long in service) takes seconds; the send limit allows 30 a minute per streamer.
    fake.behave({ tokens: tokens.slice(0, 1), firstTokenMs: 0 });
    for (let i = 0; i < o.warmup; i++) {
      await sampleDirect(fake);
      await sampleViaCopydesk(url, nextUser());
    }
    fake.behave({ tokens, firstTokenMs: o.ttft });

    // 1. Extra time to first token, samples interleaved so load drift hits both sides alike.
    const direct: number[] = [];
    const through: number[] = [];
    const split = { direct: { before: [] as number[], relay: [] as number[] }, through: { before: [] as number[], relay: [] as number[] } };
    const errors: string[] = [];
    for (let i = 0; i < o.samples; i++) {
      const di = fake.requests.length;
      const d = await sampleDirect(fake);
      const ci = fake.requests.length;
      const c = await sampleViaCopydesk(url, nextUser());
      if (d.error) errors.push(`direct: ${d.error}`);
      if (c.error) errors.push(`copydesk: ${c.error}`);
      direct.push(d.ttftMs);
      through.push(c.ttftMs);
      for (const [side, r, index] of [
        ['direct', d, di],
        ['through', c, ci],
      ] as const) {
        const rec = fake.requests[index]!;
        split[side].before.push(rec.receivedAt - r.startedAt!);
        split[side].relay.push(r.firstAt! - rec.firstTokenAt!);
      }
    }
    if (errors.length) fail(`TTFT samples failed: ${errors.slice(0, 3).join('; ')}`);
    const extra = median(through) - median(direct);
    const pairwise = median(through.map((t, i) => t - direct[i]!));

    // 2. Stop: from the client's abort to the model double seeing its client leave.
    const stopLatencies: number[] = [];
    fake.behave({ tokens: Array.from({ length: 5000 }, (_, i) => ` w${i}`) });
    for (let i = 0; i < o.stopSamples; i++) {
      const controller = new AbortController();
      const index = fake.requests.length;
      let abortedAt = NaN;
      const start = performance.now();
      await timeStream(start, await viaCopydesk(url, nextUser(), controller.signal), 'event: delta', copydeskCheck, () => {
        abortedAt = performance.now();
        controller.abort();
      });
      const leftAt = await Promise.race([fake.clientLeft(index), new Promise<number>((r) => setTimeout(() => r(NaN), 10_000))]);
      stopLatencies.push(leftAt - abortedAt);
    }
    fake.behave({ tokens });

    // 3. Concurrent streams, one per user.
    const before = fake.requests.length;
    const serverCpuBefore = cpuMs(child.pid!);
    const benchCpuBefore = process.cpuUsage();
    const burstStart = performance.now();
    const burst = await Promise.all(
      seeded.streamers.slice(0, o.streams).map(async (who) => {
        try {
          return await sampleViaCopydesk(url, who);
        } catch (e) {
          return { ttftMs: NaN, totalMs: NaN, error: e instanceof Error ? e.message : String(e) } as StreamResult;
        }
      }),
    );
    const burstMs = performance.now() - burstStart;
    const serverCpu = cpuMs(child.pid!) - serverCpuBefore;
    const benchCpu = cpuUsedUs(benchCpuBefore) / 1000;
    const burstErrors = burst.filter((r) => r.error);
    const modelCalls = fake.requests.length - before;

    // 4. List and conversation load for the 10,000-conversation user.
    const cookie = seeded.heavy.cookie;
    for (let i = 0; i < 10; i++) await timedGet(`${url}/api/conversations`, cookie);
    const listTimes: number[] = [];
    let listBytes = 0;
    let cursor: string | null = null;
    for (let i = 0; i < o.loads; i++) {
      const r = await timedGet(`${url}/api/conversations`, cookie);
      listTimes.push(r.ms);
      listBytes = r.bytes;
      cursor = r.res.headers.get('x-next-cursor');
    }
    // Deep pages cost what the first does (keyset, not OFFSET): walk 100 pages in.
    const deepTimes: number[] = [];
    for (let page = 0; page < 100 && cursor; page++) {
      const r = await timedGet(`${url}/api/conversations?cursor=${cursor}`, cookie);
      deepTimes.push(r.ms);
      cursor = r.res.headers.get('x-next-cursor');
    }
    const loadTimes: number[] = [];
    const ids = seeded.heavy.conversationIds;
    for (let i = 0; i < o.loads; i++) {
      const id = ids[Math.floor((i * 7919) % ids.length)]!;
      loadTimes.push((await timedGet(`${url}/api/conversations/${id}`, cookie)).ms);
    }
    const searchTimes: number[] = [];
    for (const q of ['budget', 'harbour fer', 'officials said', 'stadium']) {
      for (let i = 0; i < 5; i++)
        searchTimes.push((await timedGet(`${url}/api/conversations/search?q=${encodeURIComponent(q)}`, cookie)).ms);
    }
    // The request log is written in batches; give it a moment to flush.
    await new Promise((r) => setTimeout(r, 1500));
    const serverList = loggedTimes(logFile, /^GET \/api\/conversations 200 ([\d.]+)ms/).slice(-o.loads);
    const serverLoad = loggedTimes(logFile, /^GET \/api\/conversations\/\d+ 200 ([\d.]+)ms/).slice(-o.loads);

    const rows: BenchRow[] = [
      { metric: 'TTFT direct to model double, median', value: ms(median(direct)) },
      { metric: 'TTFT through Copydesk (SSE), median', value: ms(median(through)) },
      {
        metric: 'extra TTFT through Copydesk, median',
        value: ms(extra),
        target: `<= ${TARGETS.extraTtftMs} ms`,
        ok: extra <= TARGETS.extraTtftMs,
      },
      { metric: 'extra TTFT, median of paired differences', value: ms(pairwise) },
      { metric: 'extra TTFT, p95 (through p95 - direct p95)', value: ms(quantile(through, 0.95) - quantile(direct, 0.95)) },
      { metric: 'TTFT ratio through/direct, median', value: (median(through) / median(direct)).toFixed(3) },
      {
        metric: '  request -> model double receives it, direct / through',
        value: `${ms(median(split.direct.before))} / ${ms(median(split.through.before))}`,
      },
      {
        metric: '  first token sent -> client has it, direct / through',
        value: `${ms(median(split.direct.relay))} / ${ms(median(split.through.relay))}`,
      },
      { metric: 'stop -> model request closed, median', value: ms(median(stopLatencies)) },
      {
        metric: 'stop -> model request closed, max',
        value: ms(Math.max(...stopLatencies)),
        target: `<= ${TARGETS.stopMs} ms`,
        ok: Math.max(...stopLatencies) <= TARGETS.stopMs,
      },
      {
        metric: `${o.streams} concurrent streams: errors`,
        value: String(burstErrors.length),
        target: `${TARGETS.streamErrors}`,
        ok: burstErrors.length === TARGETS.streamErrors,
      },
      { metric: `${o.streams} concurrent streams: model calls`, value: String(modelCalls) },
      {
        metric: `${o.streams} concurrent streams: TTFT p50 / p95`,
        value: `${ms(median(burst.map((r) => r.ttftMs)))} / ${ms(
          quantile(
            burst.map((r) => r.ttftMs),
            0.95,
          ),
        )}`,
      },
      { metric: `${o.streams} concurrent streams: all done in`, value: ms(burstMs) },
      { metric: `ideal single stream (TTFT + tokens x interval)`, value: ms(o.ttft + o.tokens * o.tokenInterval) },
      {
        metric: `${o.streams} concurrent streams: CPU Copydesk / bench (clients + model double)`,
        value: `${ms(serverCpu)} / ${ms(benchCpu)}`,
      },
      {
        metric: `GET /api/conversations (first 50 of ${o.conversations}), client p50`,
        value: ms(median(listTimes)),
        target: `<= ${TARGETS.listMs} ms`,
        ok: median(listTimes) <= TARGETS.listMs,
      },
      { metric: 'GET /api/conversations, client p95', value: ms(quantile(listTimes, 0.95)) },
      {
        metric: 'GET /api/conversations, server p50 / p95 (request log)',
        value: `${ms(median(serverList))} / ${ms(quantile(serverList, 0.95))}`,
      },
      { metric: 'GET /api/conversations, response size', value: `${(listBytes / 1024).toFixed(1)} KiB` },
      { metric: 'GET /api/conversations?cursor= (pages 2-101), client p50', value: ms(median(deepTimes)) },
      {
        metric: `GET /api/conversations/:id (${o.messagesPer} messages), client p50`,
        value: ms(median(loadTimes)),
        target: `<= ${TARGETS.loadMs} ms`,
        ok: median(loadTimes) <= TARGETS.loadMs,
      },
      { metric: 'GET /api/conversations/:id, client p95', value: ms(quantile(loadTimes, 0.95)) },
      {
        metric: 'GET /api/conversations/:id, server p50 / p95 (request log)',
        value: `${ms(median(serverLoad))} / ${ms(quantile(serverLoad, 0.95))}`,
      },
      { metric: `search over ${seeded.heavy.messages.toLocaleString('en-US')} messages, client p50`, value: ms(median(searchTimes)) },
    ];

    // ---- Documents: PDF extraction ------------------------------------------
    // The documents engineer's bench/pdf-extraction.ts exports
    // `measurePdfExtraction()` (Copydesk's extraction of a generated 100-page PDF
    // against pdftotext); its numbers join this table when the file exists.
    const pdfBench = path.join(root, 'bench', 'pdf-extraction.ts');
    if (fs.existsSync(pdfBench)) {
      try {
        const mod = (await import(pathToFileURL(pdfBench).href)) as { measurePdfExtraction?: () => Promise<unknown> };
        const r = (await mod.measurePdfExtraction?.()) as
          { pages?: number; copydeskMs?: number; pdftotextMs?: number; ratio?: number } | undefined;
        if (r && typeof r.copydeskMs === 'number' && typeof r.pdftotextMs === 'number') {
          rows.push(
            { metric: `PDF extraction (${r.pages ?? '?'} pages), Copydesk median`, value: ms(r.copydeskMs) },
            { metric: 'PDF extraction, pdftotext median', value: ms(r.pdftotextMs) },
            { metric: 'PDF extraction ratio Copydesk / pdftotext', value: (r.ratio ?? r.copydeskMs / r.pdftotextMs).toFixed(2) },
          );
        } else console.log('PDF extraction:', r);
      } catch (e) {
        rows.push({ metric: 'PDF extraction', value: `failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, 80) });
      }
    } else rows.push({ metric: 'PDF extraction', value: 'not measured yet', target: '(bench/pdf-extraction.ts)' });
    // --------------------------------------------------------------------------

    console.log('');
    printTable(rows);
    if (burstErrors.length)
      console.log(
        `\nstream errors (first 5):\n${burstErrors
          .slice(0, 5)
          .map((r) => `  ${r.error}`)
          .join('\n')}`,
      );
    const missed = rows.filter((r) => r.ok === false);
    console.log(missed.length ? `\n${missed.length} target(s) missed.` : '\nAll targets met.');
    return missed.length ? 1 : 0;
  } finally {
    if (child) await stopChild(child);
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
