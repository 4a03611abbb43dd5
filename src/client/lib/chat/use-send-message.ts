import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { ConversationWithMessages, Message } from '../api-types';
import { errorDetailsOf, serverMessage } from '../errors';
import { toast } from '../toast';
import { trpc, trpcClient } from '../trpc';

/** The reply being written (or just stopped), shown until the saved messages arrive. */
export interface LiveReply {
  conversationId: number;
  userContent: string;
  text: string;
  /** waiting: no token yet (typing indicator); stopped: the user pressed Stop. */
  state: 'waiting' | 'streaming' | 'stopped' | 'done';
  /** Messages the conversation held when the send began. */
  baseCount: number;
}

export type SendFailure = { kind: 'team-suspended'; teamName: string } | { kind: 'subscription-required' } | { kind: 'other' };

/** How long to wait for a stopped reply to appear saved: the server saves it when it sees the request end. */
const SETTLE_TRIES = 12;
const SETTLE_INTERVAL_MS = 250;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const conversationKey = (id: number) => trpc.chat.get.queryKey({ id });

function appendSaved(queryClient: QueryClient, conversationId: number, saved: Message[]) {
  queryClient.setQueryData<ConversationWithMessages>(conversationKey(conversationId), (old) => {
    if (!old) return old;
    const ids = new Set(saved.map((m) => m.id));
    return { ...old, messages: [...old.messages.filter((m) => !ids.has(m.id)), ...saved].sort((a, b) => a.id - b.id) };
  });
}

/** What the server's refusal means for the page. */
export function sendFailureOf(error: unknown): SendFailure {
  const details = errorDetailsOf(error);
  if (details.code === 'TEAM_SUSPENDED')
    return { kind: 'team-suspended', teamName: typeof details.teamName === 'string' ? details.teamName : '' };
  if (details.code === 'SUBSCRIPTION_REQUIRED') return { kind: 'subscription-required' };
  return { kind: 'other' };
}

/**
 * Sends a message and streams the editor's reply. The user's message shows at
 * once (optimistic) and goes away if the send fails; Stop aborts the request,
 * and the server keeps what arrived as a stopped reply.
 */
export function useSendMessage(o: { onSent: (conversationId: number) => void; onRefused: (failure: SendFailure) => void }) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveReply | null>(null);
  const controller = useRef<AbortController | null>(null);
  const sendingTo = useRef<number | null>(null);
  const handlers = useRef(o);
  handlers.current = o;

  const refresh = useCallback(
    (conversationId: number) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationKey(conversationId) }),
        queryClient.invalidateQueries({ queryKey: trpc.chat.list.pathKey() }),
      ]),
    [queryClient],
  );

  /** Resolves true when the message was sent (also when stopped), false when it failed or was not sent. */
  const send = useCallback(
    async (conversationId: number, content: string): Promise<boolean> => {
      if (controller.current || content.trim() === '') return false;
      const baseCount = queryClient.getQueryData<ConversationWithMessages>(conversationKey(conversationId))?.messages.length ?? 0;
      const abort = new AbortController();
      controller.current = abort;
      sendingTo.current = conversationId;
      setLive({ conversationId, userContent: content, text: '', state: 'waiting', baseCount });
      try {
        const stream = await trpcClient.chat.send.mutate({ conversationId, content }, { signal: abort.signal });
        for await (const event of stream) {
          if (event.type === 'delta') setLive((l) => l && { ...l, text: l.text + event.text, state: 'streaming' });
          else if (event.type === 'done') {
            setLive((l) => l && { ...l, state: 'done' });
            appendSaved(queryClient, conversationId, [event.userMessage, event.assistantMessage]);
          }
        }
        await refresh(conversationId);
        setLive(null);
        handlers.current.onSent(conversationId);
        return true;
      } catch (error) {
        if (abort.signal.aborted) {
          setLive((l) => l && { ...l, state: 'stopped' });
          await settleStopped(queryClient, conversationId, baseCount);
          void queryClient.invalidateQueries({ queryKey: trpc.chat.list.pathKey() });
          setLive(null);
          return true;
        }
        setLive(null);
        void refresh(conversationId);
        const failure = sendFailureOf(error);
        if (failure.kind === 'team-suspended') handlers.current.onRefused(failure);
        else {
          toast({
            title: 'Failed to send message',
            description: serverMessage(error, 'Check your connection and try again.'),
            variant: 'destructive',
          });
          if (failure.kind === 'subscription-required') handlers.current.onRefused(failure);
        }
        return false;
      } finally {
        controller.current = null;
      }
    },
    [queryClient, refresh],
  );

  const stop = useCallback(() => {
    const sending = controller.current;
    if (!sending) return;
    sending.abort();
    // Behind a load balancer the reply may stream on an instance that does not see this request end; Stop reaches it there.
    void trpcClient.chat.stop.mutate({ id: sendingTo.current! }).catch(() => {});
  }, []);

  return { send, stop, live, isSending: live !== null };
}

/** Refetches until the stopped exchange (the user's message and the partial reply) is saved, or gives up. */
async function settleStopped(queryClient: QueryClient, conversationId: number, baseCount: number) {
  for (let i = 0; i < SETTLE_TRIES; i++) {
    try {
      const data = await queryClient.fetchQuery({ ...trpc.chat.get.queryOptions({ id: conversationId }), staleTime: 0 });
      if (data.messages.length >= baseCount + 2) return;
    } catch {
      return;
    }
    await sleep(SETTLE_INTERVAL_MS);
  }
}

/** The optimistic and streaming messages to show after the saved ones, given how far the saved list has caught up. */
export function liveMessagesFor(live: LiveReply | null, conversationId: number | null, savedCount: number) {
  if (!live || live.conversationId !== conversationId) return { user: null, reply: null };
  const caught = savedCount - live.baseCount;
  if (caught >= 2) return { user: null, reply: null };
  return { user: caught >= 1 ? null : live.userContent, reply: live };
}
