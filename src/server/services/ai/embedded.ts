import { setTimeout as sleep } from 'node:timers/promises';
import { EDITOR_HELP, EditorPoolError, respondOffThread } from '../../editor';
import { ModelFailure, type AiProvider, type ModelFailureKind, type ModelRequest, type Passage } from './types';

export interface EmbeddedProviderOptions {
  /** Pause between pieces, so the reply appears as it would from a model. */
  pieceDelayMs?: number;
  /** The whole reply is shown within about this long, however long it is. */
  streamBudgetMs?: number;
  /** Why no model answers, for the start-up line. */
  why?: string;
}

const PIECE_MAX_CHARS = 24;
/**
 * A long reply is sent in at most one piece per this much of the stream budget (40 in 800 ms),
 * larger pieces rather than more: each piece is a socket write and a timer on the server's thread
 * and a render in the reader's tab.
 */
const BUDGET_MS_PER_PIECE = 20;

/** Splits Markdown into pieces of a few words, keeping every character (whitespace and newlines included). */
export function pieces(markdown: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of markdown.match(/\s*\S+\s*/g) ?? [markdown]) {
    if (current && current.length + word.length > PIECE_MAX_CHARS) {
      out.push(current);
      current = '';
    }
    current += word;
  }
  if (current) out.push(current);
  return out;
}

/** At most `count` pieces, neighbours joined. */
function atMost(parts: string[], count: number): string[] {
  if (parts.length <= count) return parts;
  const size = Math.ceil(parts.length / count);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += size) out.push(parts.slice(i, i + size).join(''));
  return out;
}

/** The engine reads whole documents; passages of one document are joined back in their order. */
function asDocuments(passages: readonly Passage[]) {
  const byDocument = new Map<number, { name: string; parts: string[] }>();
  for (const p of passages) {
    const doc = byDocument.get(p.documentId) ?? { name: p.filename, parts: [] };
    doc.parts.push(p.content);
    byDocument.set(p.documentId, doc);
  }
  return [...byDocument.entries()].sort(([a], [b]) => a - b).map(([, d]) => ({ name: d.name, text: d.parts.join('\n\n') }));
}

const POOL_FAILURES: Record<Exclude<EditorPoolError['reason'], 'aborted'>, ModelFailureKind> = {
  busy: 'rate-limit',
  timeout: 'timeout',
  crashed: 'failed',
  stopped: 'failed',
};

/** The engine's reply, worked out in the editor's worker pool; null when the request was stopped first. */
async function reply(request: ModelRequest): Promise<string | null> {
  try {
    return await respondOffThread(
      {
        history: request.history,
        message: request.message,
        documents: asDocuments(request.passages),
        sources: request.documents?.map((d) => ({ name: d.filename, text: d.text })),
        stylebook: request.stylebook,
      },
      { signal: request.signal },
    );
  } catch (e) {
    if (!(e instanceof EditorPoolError)) throw e;
    if (e.reason === 'aborted') return null;
    throw new ModelFailure(POOL_FAILURES[e.reason], `editor pool: ${e.detail ?? e.message}`);
  }
}

/** The offline editorial engine: deterministic reviews, rewrites and suggestions, streamed in small pieces. */
export function createEmbeddedProvider(o: EmbeddedProviderOptions = {}): AiProvider {
  const pieceDelayMs = o.pieceDelayMs ?? 8;
  const streamBudgetMs = o.streamBudgetMs ?? 800;
  return {
    kind: 'embedded',
    assistantId: 'copydesk-editor',
    describe: () => `ai: embedded editorial engine (${o.why ?? 'set OPENAI_API_KEY or OPENAI_BASE_URL to use a model'})`,
    capabilities: () =>
      `${EDITOR_HELP}\n\nYou can upload documents (pdf, doc, docx, txt, csv, md) for editorial feedback. This editor runs offline with Copydesk's editorial engine; no text leaves the server.`,

    async *stream(request: ModelRequest) {
      request.sent?.();
      const markdown = await reply(request);
      if (markdown === null) return;
      const parts =
        pieceDelayMs > 0 ? atMost(pieces(markdown), Math.max(1, Math.floor(streamBudgetMs / BUDGET_MS_PER_PIECE))) : pieces(markdown);
      const delay = Math.min(pieceDelayMs, streamBudgetMs / Math.max(1, parts.length));
      for (const [i, part] of parts.entries()) {
        if (request.signal.aborted) return;
        yield part;
        if (delay > 0 && i < parts.length - 1) {
          try {
            await sleep(delay, undefined, { signal: request.signal });
          } catch {
            return;
          }
        }
      }
    },
  };
}
