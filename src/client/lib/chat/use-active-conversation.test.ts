import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Conversation, ConversationPage } from '../api-types';
import { conversationListKey } from '../page-answers';
import { choiceOnList, conversationForSend, firstCachedConversationId, joinOrStart, uniqueConversations } from './use-active-conversation';

const conversation = (id: number): Conversation => ({
  id,
  title: `Story ${id}`,
  createdAt: '2026-11-29T09:00:00Z',
  updatedAt: '2026-11-29T09:00:00Z',
});
const page = (ids: number[], nextCursor: string | null = null): ConversationPage => ({ items: ids.map(conversation), nextCursor });

/** A promise and the hands that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('uniqueConversations', () => {
  it('keeps each conversation once, where it first appears, when a later page repeats it', () => {
    const ids = uniqueConversations([page([5, 4, 3], '3'), page([3, 2])]).map((c) => c.id);
    expect(ids).toEqual([5, 4, 3, 2]);
  });
});

describe('firstCachedConversationId', () => {
  it('opens the first conversation of a list already cached, and none before a list is known', () => {
    const queryClient = new QueryClient();
    expect(firstCachedConversationId(queryClient)).toBeNull();
    queryClient.setQueryData<InfiniteData<ConversationPage, string | null>>(conversationListKey, {
      pages: [page([8, 7])],
      pageParams: [null],
    });
    expect(firstCachedConversationId(queryClient)).toBe(8);
  });
});

describe('choiceOnList', () => {
  it('opens the first conversation when none is open', () => {
    expect(choiceOnList([conversation(9), conversation(4)], null, false)).toEqual({ kind: 'open', id: 9 });
  });

  it('keeps the open conversation', () => {
    expect(choiceOnList([conversation(9), conversation(4)], 4, false)).toEqual({ kind: 'keep' });
  });

  it('makes one for a writer with none, once per visit and not over one already open', () => {
    expect(choiceOnList([], null, false)).toEqual({ kind: 'create' });
    expect(choiceOnList([], null, true)).toEqual({ kind: 'keep' });
    // Started by a send before the list came back empty.
    expect(choiceOnList([], 12, false)).toEqual({ kind: 'keep' });
  });
});

describe('joinOrStart', () => {
  it('starts one run at a time: a second call while the first is pending joins it', async () => {
    const slot: { current: Promise<number> | null } = { current: null };
    const run = deferred<number>();
    let starts = 0;
    const start = () => {
      starts++;
      return run.promise;
    };
    const first = joinOrStart(slot, start);
    const second = joinOrStart(slot, start);
    expect(starts).toBe(1);
    run.resolve(3);
    expect(await first).toBe(3);
    expect(await second).toBe(3);
    expect(slot.current).toBeNull();
  });

  it('starts again once the run has failed', async () => {
    const slot: { current: Promise<number> | null } = { current: null };
    await expect(joinOrStart(slot, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(slot.current).toBeNull();
    expect(await joinOrStart(slot, () => Promise.resolve(4))).toBe(4);
  });
});

describe('conversationForSend', () => {
  const never = () => Promise.reject(new Error('must not create'));

  it('goes into the conversation being made, even over the one open', async () => {
    expect(await conversationForSend(Promise.resolve(conversation(21)), 7, never)).toBe(21);
  });

  it('goes into the open conversation when none is being made', async () => {
    expect(await conversationForSend(null, 7, never)).toBe(7);
  });

  it('makes one when none is open', async () => {
    expect(await conversationForSend(null, null, () => Promise.resolve(conversation(30)))).toBe(30);
  });

  it('answers null when making it failed', async () => {
    expect(await conversationForSend(Promise.reject(new Error('limit')), null, never)).toBeNull();
    expect(await conversationForSend(null, null, () => Promise.reject(new Error('limit')))).toBeNull();
  });
});
