/** Start-up waits no longer than this for a local Ollama server to say which models it has. */
export const OLLAMA_LOOK_TIMEOUT_MS = 800;

export type OllamaLook = { url: string; found: true; model: string } | { url: string; found: false; reason: string };

interface OllamaTag {
  name?: unknown;
  details?: { family?: unknown; families?: unknown };
}

/** Embedding models answer no chat: BERT-family models and the usual embedding names. */
const EMBEDDING_FAMILY = /bert/i;
const EMBEDDING_NAME = /embed|minilm|(?:^|[-_/])(?:bge|e5|gte)(?:[-_:]|$)/i;

/** The model a chat should use from `GET /api/tags`: the first (Ollama lists the newest first) that is not an embedding model. */
export function chatModelIn(tags: unknown): string | null {
  const models = (tags as { models?: unknown } | null)?.models;
  if (!Array.isArray(models)) return null;
  for (const m of models as OllamaTag[]) {
    if (typeof m?.name !== 'string' || m.name.trim() === '') continue;
    const families = [m.details?.family, ...(Array.isArray(m.details?.families) ? m.details.families : [])].filter(
      (f): f is string => typeof f === 'string',
    );
    if (EMBEDDING_NAME.test(m.name) || families.some((f) => EMBEDDING_FAMILY.test(f))) continue;
    // "llama3.2:latest" and "llama3.2" are the same model to Ollama; the short name reads better.
    return m.name.replace(/:latest$/, '');
  }
  return null;
}

/**
 * Asks the Ollama server at `url` (its own address, without /v1) which models it
 * has, giving up after `timeoutMs` so start-up is never held long.
 */
export async function lookForOllama(url: string, o: { timeoutMs?: number } = {}): Promise<OllamaLook> {
  let response: Response;
  try {
    response = await fetch(`${url}/api/tags`, {
      signal: AbortSignal.timeout(o.timeoutMs ?? OLLAMA_LOOK_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
  } catch {
    return { url, found: false, reason: 'not answering' };
  }
  let tags: unknown;
  try {
    tags = response.ok ? await response.json() : null;
  } catch {
    tags = null;
  }
  if (!tags || !Array.isArray((tags as { models?: unknown }).models))
    return { url, found: false, reason: `not an Ollama server (HTTP ${response.status})` };
  const model = chatModelIn(tags);
  if (!model) return { url, found: false, reason: 'no chat model pulled (try `ollama pull llama3.2`)' };
  return { url, found: true, model };
}
