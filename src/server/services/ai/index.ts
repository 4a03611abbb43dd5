import type { Config } from '../../config';
import { createEmbeddedProvider } from './embedded';
import { createOpenAiProvider } from './openai';
import type { AiProvider } from './types';

export type { AiProvider, ModelFailureKind, ModelRequest, ModelTurn, Passage } from './types';
export { ModelFailure, MODEL_FAILURE_MESSAGES } from './types';

/** A configured model when a key or a base URL is set (Ollama and llama.cpp need no key); otherwise the embedded engine. */
export function createAiProvider(openai: Config['openai']): AiProvider {
  if (openai.apiKey || openai.baseUrl) return createOpenAiProvider(openai);
  return createEmbeddedProvider();
}
