import { DEFAULT_OLLAMA_BASE_URL, type Config } from '../../config';
import { createEmbeddedProvider } from './embedded';
import { lookForOllama } from './ollama';
import { createOpenAiProvider } from './openai';
import type { AiProvider } from './types';

export type { AiProvider, ModelFailureKind, ModelRequest, ModelTurn, Passage, SourceDocument } from './types';
export { ModelFailure, MODEL_FAILURE_MESSAGES } from './types';

const USE_A_MODEL = 'set OPENAI_API_KEY or OPENAI_BASE_URL to use a model';

/**
 * At start, when no model is configured (and AI_PROVIDER is not `embedded`):
 * looks for Ollama at its local address, as Open WebUI does, and uses its chat
 * model through its OpenAI-compatible API when it answers with one.
 */
export async function findLocalModel(openai: Config['openai'], o: { timeoutMs?: number } = {}): Promise<Config['openai']> {
  if (openai.provider === 'embedded' || openai.apiKey || openai.baseUrl) return openai;
  const look = await lookForOllama(openai.ollamaBaseUrl ?? DEFAULT_OLLAMA_BASE_URL, o);
  if (!look.found) return { ...openai, ollama: { url: look.url, found: false, reason: look.reason } };
  return { ...openai, baseUrl: `${look.url}/v1`, model: look.model, ollama: { url: look.url, found: true } };
}

/** A configured (or found) model when a key or a base URL is set (Ollama and llama.cpp need no key); otherwise the embedded engine. */
export function createAiProvider(openai: Config['openai']): AiProvider {
  if (openai.provider === 'embedded') return createEmbeddedProvider({ why: 'AI_PROVIDER=embedded' });
  if (openai.apiKey || openai.baseUrl)
    return createOpenAiProvider({ ...openai, server: openai.ollama?.found ? `Ollama at ${openai.ollama.url}` : undefined });
  const look = openai.ollama;
  return createEmbeddedProvider({ why: look && !look.found ? `Ollama at ${look.url}: ${look.reason}; ${USE_A_MODEL}` : USE_A_MODEL });
}
