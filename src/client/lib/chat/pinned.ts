import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { LIMITS } from '~/shared/limits';
import { plainText } from '~/shared/plain-text';
import type { Message } from '../api-types';

export { plainText };

/** The localStorage key the spec names; pins stay in this browser only. */
export const PINNED_STORAGE_KEY = 'pinned-messages';

/** A pinned assistant message: the message's fields plus when it was pinned (and whose pin it is). */
export interface PinnedMessage extends Pick<Message, 'id' | 'conversationId' | 'role' | 'content' | 'createdAt'> {
  pinnedAt: string;
  /** Several people may share a browser; each sees only their own pins. */
  userId: number;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedPins: PinnedMessage[] = [];

function isPin(v: unknown): v is PinnedMessage {
  const p = v as PinnedMessage;
  return (
    !!p && typeof p.id === 'number' && typeof p.conversationId === 'number' && typeof p.content === 'string' && typeof p.userId === 'number'
  );
}

function read(): PinnedMessage[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(PINNED_STORAGE_KEY);
  } catch {
    return cachedPins;
  }
  if (raw === cachedRaw) return cachedPins;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedPins = Array.isArray(parsed) ? parsed.filter(isPin) : [];
  } catch {
    cachedPins = [];
  }
  return cachedPins;
}

function write(pins: PinnedMessage[]) {
  try {
    localStorage.setItem(PINNED_STORAGE_KEY, JSON.stringify(pins));
  } catch {
    // Storage full or blocked: the pin lives until the page closes.
    cachedRaw = undefined;
    cachedPins = pins;
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab pinning or unpinning.
  const onStorage = (e: StorageEvent) => e.key === PINNED_STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The first 150 characters of a pin (as plain text), with an ellipsis when there is more. */
export function pinPreview(content: string): string {
  const text = plainText(content);
  const max = LIMITS.pinnedPreviewChars;
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** The signed-in user's pins, newest first, and the ways to change them. */
export function usePinnedMessages(userId: number) {
  const all = useSyncExternalStore(subscribe, read, () => cachedPins);
  const pins = useMemo(() => all.filter((p) => p.userId === userId).sort((a, b) => b.pinnedAt.localeCompare(a.pinnedAt)), [all, userId]);
  const isPinned = useCallback((messageId: number) => pins.some((p) => p.id === messageId), [pins]);
  const unpin = useCallback((messageId: number) => write(read().filter((p) => !(p.userId === userId && p.id === messageId))), [userId]);
  const pin = useCallback(
    (message: Message) => {
      const others = read().filter((p) => !(p.userId === userId && p.id === message.id));
      const { id, conversationId, role, content, createdAt } = message;
      write([...others, { id, conversationId, role, content, createdAt, pinnedAt: new Date().toISOString(), userId }]);
    },
    [userId],
  );
  const toggle = useCallback((message: Message) => (isPinned(message.id) ? unpin(message.id) : pin(message)), [isPinned, pin, unpin]);
  const clear = useCallback(() => write(read().filter((p) => p.userId !== userId)), [userId]);
  return { pins, isPinned, pin, unpin, toggle, clear };
}
