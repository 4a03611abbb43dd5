import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../../tests/support/openai-server';
import { loadConfig } from '../../config';
import { stopEditor } from '../../editor';
import { createAiProvider, findLocalModel } from '.';
import { chatModelIn } from './ollama';

let ollama: FakeOpenAiServer | undefined;
const servers: http.Server[] = [];
afterEach(async () => {
  await ollama?.close();
  ollama = undefined;
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});
afterAll(() => stopEditor());

const configFor = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/unused', ...env }).openai;

/** A local port nobody listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

async function replyText(stream: AsyncIterable<string>) {
  let text = '';
  for await (const piece of stream) text += piece;
  return text;
}

describe('looking for a local Ollama server at start', () => {
  it('uses the chat model a local Ollama lists, through its OpenAI-compatible API, and says so at start', async () => {
    ollama = await startFakeOpenAi({
      apiKey: null,
      tokens: ['Lead', ' with', ' the', ' vote.'],
      ollamaModels: [{ name: 'nomic-embed-text:latest', family: 'nomic-bert' }, { name: 'llama3.2:latest' }, { name: 'qwen2.5:7b' }],
    });
    const openai = await findLocalModel(configFor({ OLLAMA_BASE_URL: ollama.origin }));
    expect(openai).toMatchObject({ baseUrl: ollama.url, model: 'llama3.2', ollama: { url: ollama.origin, found: true } });

    const ai = createAiProvider(openai);
    expect(ai.kind).toBe('openai');
    expect(ai.assistantId).toBe('openai:llama3.2');
    expect(ai.describe()).toBe(`ai: Ollama at ${ollama.origin} (model llama3.2)`);
    const text = await replyText(
      ai.stream({ history: [], message: 'Is this AP style?', passages: [], signal: new AbortController().signal }),
    );
    expect(text).toBe('Lead with the vote.');
    expect(ollama.requests[0]!.body.model).toBe('llama3.2');
  });

  it('finds nothing when nothing listens, and the embedded engine answers, saying where it looked', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const openai = await findLocalModel(configFor({ OLLAMA_BASE_URL: url }));
    expect(openai.baseUrl).toBeUndefined();
    expect(openai.ollama).toEqual({ url, found: false, reason: 'not answering' });
    const ai = createAiProvider(openai);
    expect(ai.kind).toBe('embedded');
    expect(ai.describe()).toBe(
      `ai: embedded editorial engine (Ollama at ${url}: not answering; set OPENAI_API_KEY or OPENAI_BASE_URL to use a model)`,
    );
  });

  it('gives up on a server that does not answer in time', async () => {
    const silent = http.createServer(() => {});
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const openai = await findLocalModel(configFor({ OLLAMA_BASE_URL: url }), { timeoutMs: 100 });
    expect(openai.ollama).toEqual({ url, found: false, reason: 'not answering' });
    expect(createAiProvider(openai).kind).toBe('embedded');
  });

  it('does not take another server, or an Ollama with only embedding models, for a chat model', async () => {
    ollama = await startFakeOpenAi({ apiKey: null });
    const other = await findLocalModel(configFor({ OLLAMA_BASE_URL: ollama.origin }));
    expect(other.ollama).toEqual({ url: ollama.origin, found: false, reason: 'not an Ollama server (HTTP 404)' });
    await ollama.close();

    ollama = await startFakeOpenAi({ apiKey: null, ollamaModels: [{ name: 'mxbai-embed-large:latest', family: 'bert' }] });
    const embeddingsOnly = await findLocalModel(configFor({ OLLAMA_BASE_URL: ollama.origin }));
    expect(embeddingsOnly.ollama?.found).toBe(false);
    expect(embeddingsOnly.ollama?.reason).toMatch(/^no chat model pulled/);
    expect(createAiProvider(embeddingsOnly).kind).toBe('embedded');
  });

  it('does not look when AI_PROVIDER=embedded, or when a model is configured', async () => {
    ollama = await startFakeOpenAi({ apiKey: null, ollamaModels: [{ name: 'llama3.2:latest' }] });
    const embedded = await findLocalModel(configFor({ OLLAMA_BASE_URL: ollama.origin, AI_PROVIDER: 'embedded' }));
    const ai = createAiProvider(embedded);
    expect(ai.kind).toBe('embedded');
    expect(ai.describe()).toBe('ai: embedded editorial engine (AI_PROVIDER=embedded)');

    const configured = await findLocalModel(configFor({ OLLAMA_BASE_URL: ollama.origin, OPENAI_API_KEY: 'sk-x' }));
    expect(configured).toMatchObject({ apiKey: 'sk-x' });
    expect(configured.baseUrl).toBeUndefined();
    expect(configured.ollama).toBeUndefined();
    expect(ollama.tagRequests).toBe(0);
  });

  it('looks at Ollama’s default address unless OLLAMA_BASE_URL says otherwise, with or without /v1', () => {
    expect(configFor({}).ollamaBaseUrl).toBe('http://127.0.0.1:11434');
    expect(configFor({ OLLAMA_BASE_URL: 'http://gpu-box:11434/v1/' }).ollamaBaseUrl).toBe('http://gpu-box:11434');
    expect(() => configFor({ OLLAMA_BASE_URL: 'gpu-box:11434' })).toThrow('OLLAMA_BASE_URL must be an http(s) URL, got "gpu-box:11434"');
  });

  it('picks the first chat model Ollama lists', () => {
    expect(chatModelIn({ models: [{ name: 'all-minilm:l6-v2' }, { name: 'mistral:7b-instruct', details: { family: 'llama' } }] })).toBe(
      'mistral:7b-instruct',
    );
    expect(chatModelIn({ models: [] })).toBeNull();
    expect(chatModelIn({ error: 'nope' })).toBeNull();
  });
});
