import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test double at the network edge: a local HTTP server that answers the Chat
 * Completions call the way OpenAI (and Ollama, llama.cpp, vLLM) do, so the real
 * `openai` SDK talks to it through OPENAI_BASE_URL. Streams are
 * `chat.completion.chunk` objects as `data:` lines ending with `data: [DONE]`;
 * errors are `{error:{message,type,code}}` with the status OpenAI uses. The
 * behaviour (time to first token, token rate, failures) can be changed between
 * calls, and every call is recorded, including when its client went away.
 * With `ollamaModels` it also answers Ollama's `GET /api/tags` (the model list
 * Copydesk looks for at start), so it stands in for a local Ollama server, whose
 * OpenAI-compatible API lives under /v1.
 */

export const OPENAI_TEST_KEY = 'sk-test-copydesk-double-0123456789';

export interface FakeModelBehaviour {
  /** The reply, as the tokens to stream (one chunk each). */
  tokens: string[] | ((request: RecordedCompletion) => string[]);
  /** Wait before the first content chunk (the response headers go out at once, as OpenAI's do). */
  firstTokenMs: number;
  /** Wait between content chunks. */
  tokenIntervalMs: number;
  /** Answer this status with an OpenAI error body instead of a stream. */
  status?: 401 | 429 | 500 | 503;
  /** Break the stream after this many content chunks: `destroy` cuts the socket, `error-event` sends OpenAI's mid-stream error object. */
  failAfterTokens?: number;
  failMode?: 'destroy' | 'error-event';
  /** Send the headers and then nothing at all. */
  hang?: boolean;
}

/** One entry of Ollama's `GET /api/tags` answer. */
export interface FakeOllamaModel {
  name: string;
  family?: string;
}

export interface RecordedCompletion {
  body: {
    model?: string;
    stream?: boolean;
    messages?: Array<{ role: string; content: string }>;
    [key: string]: unknown;
  };
  authorization: string | undefined;
  receivedAt: number;
  /** Content chunks written before the call ended. */
  tokensSent: number;
  /** When the first content chunk was written. */
  firstTokenAt?: number;
  /** Set when the client closed the connection before the reply was complete. */
  clientLeftAt?: number;
  finishedAt?: number;
}

const DEFAULTS: FakeModelBehaviour = {
  tokens: ['Tighten', ' the', ' lede', ':', ' lead', ' with', ' the', ' vote', '.'],
  firstTokenMs: 0,
  tokenIntervalMs: 0,
};

const ERRORS = {
  401: { message: 'Incorrect API key provided: sk-wro**********ong.', type: 'invalid_request_error', code: 'invalid_api_key' },
  429: { message: 'Rate limit reached for requests per min.', type: 'requests', code: 'rate_limit_exceeded' },
  500: { message: 'The server had an error while processing your request.', type: 'server_error', code: null },
  503: { message: 'The engine is currently overloaded.', type: 'server_error', code: null },
} as const;

export interface FakeOpenAiServer {
  /** The base URL to give the SDK (ends in /v1). */
  url: string;
  /** The server's own address (what OLLAMA_BASE_URL names). */
  origin: string;
  /** How many times the Ollama model list was asked for. */
  tagRequests: number;
  requests: RecordedCompletion[];
  behave(patch: Partial<FakeModelBehaviour>): void;
  /** Resolves when the client of the call has left (or at once if it has). */
  clientLeft(index: number): Promise<number>;
  /** Resolves when the given number of calls has arrived. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeOpenAi(
  options: Partial<FakeModelBehaviour> & { apiKey?: string | null; ollamaModels?: FakeOllamaModel[] } = {},
): Promise<FakeOpenAiServer> {
  const { apiKey = OPENAI_TEST_KEY, ollamaModels, ...initial } = options;
  let behaviour: FakeModelBehaviour = { ...DEFAULTS, ...initial };
  const requests: RecordedCompletion[] = [];
  const leaveWaiters = new Map<number, Array<(at: number) => void>>();
  const arrivalWaiters: Array<{ count: number; resolve: () => void }> = [];
  let created = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (ollamaModels && req.method === 'GET' && req.url === '/api/tags') {
        fake.tagRequests++;
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ models: ollamaModels.map(ollamaTag) }));
        return;
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `Unknown path ${req.url}`, type: 'invalid_request_error', code: null } }));
        return;
      }
      let body: RecordedCompletion['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedCompletion['body'];
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Invalid JSON body', type: 'invalid_request_error', code: null } }));
        return;
      }
      const record: RecordedCompletion = { body, authorization: req.headers.authorization, receivedAt: performance.now(), tokensSent: 0 };
      const index = requests.push(record) - 1;
      for (const w of arrivalWaiters.filter((w) => requests.length >= w.count)) {
        arrivalWaiters.splice(arrivalWaiters.indexOf(w), 1);
        w.resolve();
      }
      answer(index, record, res);
    });
  });

  function markLeft(index: number, record: RecordedCompletion) {
    if (record.clientLeftAt !== undefined || record.finishedAt !== undefined) return;
    record.clientLeftAt = performance.now();
    for (const resolve of leaveWaiters.get(index) ?? []) resolve(record.clientLeftAt);
    leaveWaiters.delete(index);
  }

  function sendError(res: http.ServerResponse, status: keyof typeof ERRORS, record: RecordedCompletion) {
    res.writeHead(status, { 'content-type': 'application/json', ...(status === 429 ? { 'retry-after': '20' } : {}) });
    res.end(JSON.stringify({ error: { ...ERRORS[status], param: null } }));
    record.finishedAt = performance.now();
  }

  function answer(index: number, record: RecordedCompletion, res: http.ServerResponse) {
    const b = behaviour;
    if (apiKey !== null && record.authorization !== `Bearer ${apiKey}`) return sendError(res, 401, record);
    if (b.status) return sendError(res, b.status, record);
    const tokens = typeof b.tokens === 'function' ? b.tokens(record) : b.tokens;
    const id = `chatcmpl-fake${++created}`;
    const model = record.body.model ?? 'fake-model';
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, system_fingerprint: null, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;

    if (!record.body.stream) {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [{ index: 0, message: { role: 'assistant', content: tokens.join('') }, finish_reason: 'stop' }],
            usage: null,
          }),
        );
        record.finishedAt = performance.now();
      }, b.firstTokenMs);
      return;
    }

    const timers = new Set<NodeJS.Timeout>();
    const later = (ms: number, fn: () => void) => {
      const t = setTimeout(() => {
        timers.delete(t);
        fn();
      }, ms);
      timers.add(t);
    };
    res.on('close', () => {
      for (const t of timers) clearTimeout(t);
      if (!res.writableFinished) markLeft(index, record);
    });

    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(chunk({ role: 'assistant', content: '' }, null));
    if (b.hang) return;

    const next = (i: number) => {
      if (res.destroyed) return;
      if (b.failAfterTokens !== undefined && i >= b.failAfterTokens) {
        if (b.failMode === 'error-event') {
          res.end(
            `data: ${JSON.stringify({ error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } })}\n\n`,
          );
          record.finishedAt = performance.now();
        } else res.destroy();
        return;
      }
      if (i >= tokens.length) {
        res.write(chunk({}, 'stop'));
        res.end('data: [DONE]\n\n');
        record.finishedAt = performance.now();
        return;
      }
      res.write(chunk({ content: tokens[i] }, null));
      record.firstTokenAt ??= performance.now();
      record.tokensSent++;
      later(b.tokenIntervalMs, () => next(i + 1));
    };
    later(b.firstTokenMs, () => next(0));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeOpenAiServer = {
    url: `http://127.0.0.1:${port}/v1`,
    origin: `http://127.0.0.1:${port}`,
    tagRequests: 0,
    requests,
    behave(patch) {
      behaviour = { ...behaviour, ...patch };
    },
    clientLeft(index) {
      const record = requests[index];
      if (record?.clientLeftAt !== undefined) return Promise.resolve(record.clientLeftAt);
      return new Promise((resolve) => leaveWaiters.set(index, [...(leaveWaiters.get(index) ?? []), resolve]));
    },
    received(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => arrivalWaiters.push({ count, resolve }));
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

/** A model as Ollama 0.5+ lists it. */
function ollamaTag(m: FakeOllamaModel) {
  const family = m.family ?? 'llama';
  return {
    name: m.name,
    model: m.name,
    modified_at: '2025-01-15T10:00:00.000000000Z',
    size: 2_019_393_189,
    digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
    details: { parent_model: '', format: 'gguf', family, families: [family], parameter_size: '3.2B', quantization_level: 'Q4_K_M' },
  };
}
