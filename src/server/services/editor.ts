import { analyzeOffThread, EditorPoolError, type Analysis } from '../editor';
import { fail } from '../errors';
import type { UserRow } from '../../../db/schema';
import { entriesFiredBy, entriesTouchedBy } from '../editor/stylebook/findings';
import type { StylebookService } from './stylebook';

/** The editorial engine for scripts: findings and stats on a story, as the chat's review is built from. */
export function createEditorService(stylebooks: StylebookService) {
  return {
    /** With the user's stylebook: its hits are `house/<id>` findings, and count toward the entries' "fired" figures. */
    async analyze(user: UserRow, text: string, signal?: AbortSignal): Promise<Analysis> {
      const stylebook = await stylebooks.compiledFor(user);
      try {
        const analysis = await analyzeOffThread(text, { signal, stylebook: stylebook && entriesTouchedBy(stylebook, text) });
        if (stylebook) await stylebooks.recordHits(entriesFiredBy(stylebook, text));
        return analysis;
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
