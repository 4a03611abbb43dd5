import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, type ClientOptions } from 'openai';
import { MAX_TEXT_CHARS, sourcesNoteOffThread } from '../../editor';
import { checkNote, houseFindingsIn, legalFindingsIn, RevisedCopyGuard } from './check';
import { createModelFetch, type ModelSendHooks } from './model-fetch';
import { buildChatMessages, copyToGround, groundingFor, writerCopy } from './prompt';
import { WriterWords } from './quotes';
import { ModelFailure, type AiProvider, type ModelRequest } from './types';

export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
/** Local models on a CPU can take long over a big prompt; a minute of silence is a dead model. */
export const DEFAULT_MODEL_TIMEOUT_MS = 120_000;

export interface OpenAiProviderOptions {
  apiKey?: string;
  baseUrl?: string;
  model?: string;
  /** Longest silence allowed before the first token and between tokens. */
  timeoutMs?: number;
  /** Names the server in the start-up line when it was found rather than configured ("Ollama at http://127.0.0.1:11434"). */
  server?: string;
}

class SilenceTimeout extends Error {}

/** The user-facing failure for an SDK error; `detail` names the status or cause for the log, never the key. */
export function toModelFailure(error: unknown): ModelFailure {
  if (error instanceof ModelFailure) return error;
  if (error instanceof SilenceTimeout || error instanceof APIConnectionTimeoutError)
    return new ModelFailure('timeout', 'no answer in time');
  if (error instanceof APIError && error.status === 401) return new ModelFailure('auth', 'HTTP 401');
  if (error instanceof APIError && error.status === 429) return new ModelFailure('rate-limit', 'HTTP 429');
  if (error instanceof APIConnectionError) return new ModelFailure('timeout', `connection failed (${describeCause(error.cause)})`);
  if (error instanceof APIError && error.status !== undefined) return new ModelFailure('failed', `HTTP ${error.status}`);
  if (error instanceof APIError) return new ModelFailure('failed', 'error event in the stream');
  // The body broke off mid-stream (socket closed), or the stream was not Chat Completions.
  return new ModelFailure('failed', describeCause(error));
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) return `${cause.name}: ${cause.message}`.slice(0, 200);
  return String(cause).slice(0, 200);
}

/** The writer's quotations looked up in the conversation's documents, as a note; null when there is nothing to look up or the editor is busy. */
async function quotesAgainstSources(request: ModelRequest): Promise<string | null> {
  const copy = writerCopy(request.message, request.history);
  if (!copy || !request.documents?.length) return null;
  try {
    return await sourcesNoteOffThread(
      copy.slice(0, MAX_TEXT_CHARS),
      request.documents.map((d) => ({ name: d.filename, text: d.text })),
      { signal: request.signal },
    );
  } catch {
    // The answer stands without the lookup.
    return null;
  }
}

/** Any Chat Completions endpoint: OpenAI, Ollama, llama.cpp server, vLLM. Only portable parameters are sent. */
export function createOpenAiProvider(o: OpenAiProviderOptions): AiProvider {
  const model = o.model ?? DEFAULT_OPENAI_MODEL;
  const baseURL = (o.baseUrl ?? DEFAULT_OPENAI_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = o.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
  const client = new OpenAI({
    // Local servers take no key; the SDK insists on one, and they ignore the header.
    apiKey: o.apiKey ?? 'no-key',
    baseURL,
    timeout: timeoutMs,
    // A chat reply is retried by the user, who sees at once why it failed.
    maxRetries: 0,
    organization: null,
    project: null,
    fetch: createModelFetch(),
  });

  return {
    kind: 'openai',
    assistantId: `openai:${model}`,
    describe: () =>
      o.server
        ? `ai: ${o.server} (model ${model})`
        : `ai: OpenAI-compatible model ${model} at ${baseURL}${o.apiKey ? ' (API key set)' : ''}`,
    capabilities: () =>
      `I'm your copy editor, powered by ${model} and grounded in Copydesk's editorial checks. Paste a story or upload a document (pdf, doc, docx, txt, csv, md) and I'll edit it to AP style, flag weak quotes, missing context and vague reporting, explain each edit, suggest headlines, social posts and captions, and compare drafts side by side.`,

    async *stream(request: ModelRequest) {
      const copy = copyToGround(request.message, request.history, request.passages);
      const grounding = await groundingFor(copy);
      const messages = buildChatMessages({ ...request, grounding });
      if (request.signal.aborted) return;
      // The writer's words are first read by the answer: they are gathered once the model has the request.
      let guard: RevisedCopyGuard | undefined;
      const guarded = () => (guard ??= new RevisedCopyGuard(WriterWords.of(request)));

      // One controller ends the upstream request for a stop, a silent model or a consumer that left.
      const upstream = new AbortController();
      const onStop = () => upstream.abort();
      request.signal.addEventListener('abort', onStop, { once: true });
      let silent = false;
      let watchdog: NodeJS.Timeout | undefined;
      const armWatchdog = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => {
          silent = true;
          upstream.abort();
        }, timeoutMs);
      };
      armWatchdog();
      const onSent = () => {
        request.sent?.();
        setImmediate(guarded);
      };
      const fetchOptions: NonNullable<ClientOptions['fetchOptions']> & ModelSendHooks = { onSent };
      try {
        const completion = await client.chat.completions.create(
          { model, messages, stream: true },
          { signal: upstream.signal, fetchOptions },
        );
        for await (const chunk of completion) {
          armWatchdog();
          const text = chunk.choices[0]?.delta?.content;
          const shown = text ? guarded().push(text) : '';
          if (shown) yield shown;
        }
        // The SDK ends the iteration quietly when it is aborted.
        if (silent) throw new SilenceTimeout();
      } catch (error) {
        if (request.signal.aborted) return;
        // What arrived is kept with the failure, including a quotation still held back.
        const held = guard?.end();
        if (held) yield held;
        if (silent || error instanceof APIUserAbortError) throw toModelFailure(new SilenceTimeout());
        throw toModelFailure(error);
      } finally {
        clearTimeout(watchdog);
        request.signal.removeEventListener('abort', onStop);
        upstream.abort();
      }

      const checked = guarded();
      const held = checked.end();
      if (held) yield held;
      const legal = await legalFindingsIn(checked.revisedText, copy);
      const house = await houseFindingsIn(checked.revisedText, request.stylebook);
      const note = checkNote({ restored: checked.restored, invented: checked.invented, unsupported: checked.unsupported, legal, house });
      if (note && !request.signal.aborted) yield note;
      const sources = await quotesAgainstSources(request);
      if (sources && !request.signal.aborted) yield sources;
    },
  };
}
