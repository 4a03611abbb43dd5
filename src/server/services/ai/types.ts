import type { StylebookEntry } from '../../../shared/schemas/stylebook';
/** One earlier turn of the conversation, oldest first. */
export interface ModelTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** A passage of a document uploaded to the conversation (from the documents service). */
export interface Passage {
  documentId: number;
  filename: string;
  content: string;
}

/** A whole document uploaded to the conversation, for looking the copy's quotations up in. */
export interface SourceDocument {
  documentId: number;
  filename: string;
  text: string;
}

export interface ModelRequest {
  history: readonly ModelTurn[];
  message: string;
  passages: readonly Passage[];
  /** The conversation's documents whole, oldest first (none when it has none). */
  documents?: readonly SourceDocument[];
  /** Aborting ends the reply (and any upstream request) promptly; the stream then just ends. */
  signal: AbortSignal;
  /** The newsroom's stylebook entries that the message, history or passages touch (none without a stylebook). */
  stylebook?: readonly StylebookEntry[];
  /** Called once the request is on its way to the model; a provider that answers in-process calls it as it starts. */
  sent?: () => void;
}

/** Where replies come from: the embedded editorial engine or an OpenAI-compatible model. */
export interface AiProvider {
  readonly kind: 'embedded' | 'openai';
  /** Shown to clients as `assistantId`: `copydesk-editor` or `openai:<model>`. */
  readonly assistantId: string;
  /** The start-up line: what answers, never a key. */
  describe(): string;
  /** What the editor can do, for the capabilities call. */
  capabilities(): string;
  /** The reply as Markdown text pieces; throws a ModelFailure when the model fails. */
  stream(request: ModelRequest): AsyncIterable<string>;
}

export type ModelFailureKind = 'auth' | 'rate-limit' | 'timeout' | 'failed';

export const MODEL_FAILURE_MESSAGES: Record<ModelFailureKind, string> = {
  auth: 'The AI model rejected the API key. Check OPENAI_API_KEY.',
  'rate-limit': 'The AI model is busy (rate limited). Try again in a moment.',
  timeout: 'The AI model did not answer in time. Try again in a moment.',
  failed: 'The AI model failed to answer. Try again in a moment.',
};

/** A model failure with a message written for the user; `detail` is for the server log only. */
export class ModelFailure extends Error {
  constructor(
    readonly kind: ModelFailureKind,
    readonly detail: string,
  ) {
    super(MODEL_FAILURE_MESSAGES[kind]);
    this.name = 'ModelFailure';
  }
}
