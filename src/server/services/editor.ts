import { analyzeOffThread, EditorPoolError, type Analysis } from '../editor';
import { fail } from '../errors';

/** The editorial engine for scripts: findings and stats on a story, as the chat's review is built from. */
export function createEditorService() {
  return {
    async analyze(text: string, signal?: AbortSignal): Promise<Analysis> {
      try {
        return await analyzeOffThread(text, { signal });
      } catch (e) {
        if (e instanceof EditorPoolError) fail('SERVICE_UNAVAILABLE', e.message, e.reason === 'busy' ? { retryAfter: 5 } : undefined);
        // Binary or oversized copy: the engine says what is wrong with it.
        if (e instanceof Error && e.name === 'EditorInputError') fail('BAD_REQUEST', e.message);
        throw e;
      }
    },
  };
}

export type EditorService = ReturnType<typeof createEditorService>;
