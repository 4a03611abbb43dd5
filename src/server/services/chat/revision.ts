import type { Message } from '../../../shared/schemas/chat';
import { compareOffThread, EditorPoolError, type ChangeSummary, type DiffOp } from '../../editor';
import { fail } from '../../errors';
import { revisedTextIn, splitMessage } from '../../editor/respond/intent';

export interface RevisionComparison {
  before: string;
  after: string;
  ops: DiffOp[];
  summary: ChangeSummary[];
}

/**
 * The copy a reply revised: the copy in the user's message before it, or, when
 * that message only asked for another pass, the revision the editor gave before.
 */
function revisedCopy(messages: readonly Message[], replyIndex: number): string | null {
  for (let i = replyIndex - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === 'user') {
      const { copy } = splitMessage(m.content);
      if (copy.trim()) return copy;
      continue;
    }
    const earlier = revisedTextIn(m.content);
    if (earlier) return earlier;
  }
  return null;
}

/** The side-by-side view of a reply that holds a revision, with each change linked to its rule; null when it holds none. */
export async function compareRevision(messages: readonly Message[], messageId: number): Promise<RevisionComparison | null> {
  const index = messages.findIndex((m) => m.id === messageId);
  const reply = messages[index];
  if (!reply || reply.role !== 'assistant') return null;
  const after = revisedTextIn(reply.content);
  const before = after ? revisedCopy(messages, index) : null;
  if (!after || !before) return null;
  try {
    return { before, after, ...(await compareOffThread(before, after)) };
  } catch (e) {
    if (e instanceof EditorPoolError) fail('SERVICE_UNAVAILABLE', e.message, e.reason === 'busy' ? { retryAfter: 5 } : undefined);
    throw e;
  }
}
