import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { applyEdits, planEdits, type EditPlan } from '~/shared/edits';
import type { Revision, WordDiff } from './revision';

/**
 * The edits a writer rejected, by message id, for as long as the page is open:
 * every edit starts accepted, and the choice outlives switching conversations.
 */
const rejectedByMessage = new Map<number, ReadonlySet<number>>();
const listeners = new Set<() => void>();
const NONE: ReadonlySet<number> = new Set();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setRejected(messageId: number, rejected: ReadonlySet<number>) {
  if (rejected.size === 0) rejectedByMessage.delete(messageId);
  else rejectedByMessage.set(messageId, rejected);
  for (const l of listeners) l();
}

export interface RevisionEdits {
  plan: EditPlan;
  rejected: ReadonlySet<number>;
  isAccepted: (index: number) => boolean;
  acceptedCount: number;
  /** The original with only the accepted edits applied. */
  result: string;
  choose: (index: number, accepted: boolean) => void;
  chooseAll: (accepted: boolean) => void;
}

/** The edits of the reply `messageId` (null: a reply not saved yet, whose edits cannot be chosen). */
export function useRevisionEdits(messageId: number | null, revision: Pick<Revision, 'before' | 'after'> | null): RevisionEdits | null {
  const rejected = useSyncExternalStore(subscribe, () => (messageId === null ? NONE : (rejectedByMessage.get(messageId) ?? NONE)));
  const plan = useMemo(() => (revision ? planEdits(revision.before, revision.after) : null), [revision]);
  const choose = useCallback(
    (index: number, accepted: boolean) => {
      if (messageId === null) return;
      const next = new Set(rejectedByMessage.get(messageId) ?? NONE);
      if (accepted) next.delete(index);
      else next.add(index);
      setRejected(messageId, next);
    },
    [messageId],
  );
  const chooseAll = useCallback(
    (accepted: boolean) => {
      if (messageId === null || !plan) return;
      setRejected(messageId, accepted ? NONE : new Set(plan.edits.map((e) => e.index)));
    },
    [messageId, plan],
  );
  return useMemo(() => {
    if (!plan || !revision) return null;
    const isAccepted = (index: number) => !rejected.has(index);
    return {
      plan,
      rejected,
      isAccepted,
      acceptedCount: plan.edits.filter((e) => isAccepted(e.index)).length,
      // All accepted is the revision itself, exactly as the editor wrote it.
      result: rejected.size === 0 ? revision.after : applyEdits(plan, isAccepted),
      choose,
      chooseAll,
    };
  }, [plan, revision, rejected, choose, chooseAll]);
}

/** The comparison of the original with the result: rejected edits read as unchanged text in both panes. */
export function choiceDiff(plan: EditPlan, isAccepted: (index: number) => boolean, explained: WordDiff['changes'] = []): WordDiff {
  const out: WordDiff = { before: [], after: [], changes: [] };
  for (const piece of plan.pieces) {
    if (piece.kind === 'same') {
      out.before.push({ text: piece.text, kind: 'same' });
      out.after.push({ text: piece.text, kind: 'same' });
      continue;
    }
    const { removed, inserted, index } = piece.edit;
    if (!isAccepted(index)) {
      out.before.push({ text: removed, kind: 'same' });
      out.after.push({ text: removed, kind: 'same' });
      continue;
    }
    if (removed) out.before.push({ text: removed, kind: 'removed' });
    if (inserted) out.after.push({ text: inserted, kind: 'added' });
    // The engine's explanation of a change inside this edit, when it gave one.
    const why = explained.find((c) => c.why && (c.removed || c.added) && removed.includes(c.removed) && inserted.includes(c.added))?.why;
    out.changes.push({ removed, added: inserted, ...(why ? { why } : {}) });
  }
  return out;
}
