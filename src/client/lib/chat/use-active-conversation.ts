import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Conversation, ConversationPage, ConversationWithMessages, Message } from '../api-types';
import { afterFirstPaint } from '../after-first-paint';
import { httpStatusOf } from '../errors';
import { conversationListKey, staleUnlessAnsweredByPage } from '../page-answers';
import { toast } from '../toast';
import { trpc, trpcClient } from '../trpc';
import { conversationKey } from './use-send-message';

/** The list's conversations, each once: a page fetched after the list changed can repeat one from the page before. */
export function uniqueConversations(pages: readonly ConversationPage[]): Conversation[] {
  const seen = new Set<number>();
  return pages.flatMap((p) => p.items).filter((c) => !seen.has(c.id) && !!seen.add(c.id));
}

/** The first conversation of a list already cached (sent with the page, or from an earlier visit). */
export function firstCachedConversationId(queryClient: QueryClient): number | null {
  return queryClient.getQueryData<InfiniteData<ConversationPage>>(conversationListKey)?.pages[0]?.items[0]?.id ?? null;
}

export type ListChoice = { kind: 'keep' } | { kind: 'open'; id: number } | { kind: 'create' };

/**
 * What the loaded list asks of the page: with nothing open, its first conversation; with none at all, a new one,
 * once per visit (`autoCreated`), and not over a conversation the writer has already opened or started.
 */
export function choiceOnList(conversations: readonly Conversation[], activeId: number | null, autoCreated: boolean): ListChoice {
  if (conversations.length === 0) return !autoCreated && activeId === null ? { kind: 'create' } : { kind: 'keep' };
  return activeId === null ? { kind: 'open', id: conversations[0]!.id } : { kind: 'keep' };
}

/** The pending run held in `slot`, or a new run of `start` held there until it settles: one at a time. */
export function joinOrStart<T>(slot: { current: Promise<T> | null }, start: () => Promise<T>): Promise<T> {
  slot.current ??= start().finally(() => {
    slot.current = null;
  });
  return slot.current;
}

/**
 * The conversation a send or an upload goes into: the one being made (the visit's own, or New Conversation),
 * else the open one, else a new one. Null when making it failed.
 */
export async function conversationForSend(
  creating: Promise<Conversation> | null,
  activeId: number | null,
  create: () => Promise<Conversation>,
): Promise<number | null> {
  try {
    if (creating) return (await creating).id;
    if (activeId !== null) return activeId;
    return (await create()).id;
  } catch {
    return null;
  }
}

/** The conversation list, the conversation open in it, and making new ones. */
export function useActiveConversation() {
  const queryClient = useQueryClient();

  const [activeId, setActiveIdState] = useState<number | null>(() => firstCachedConversationId(queryClient));
  // The conversation chosen last, known at once to what runs before the next render: a send, or the
  // visit's own conversation, which must not make a second one for a writer who already has one.
  const activeIdNow = useRef(activeId);
  const choose = useCallback((id: number | null) => {
    activeIdNow.current = id;
    setActiveIdState(id);
  }, []);

  const list = useInfiniteQuery({
    queryKey: conversationListKey,
    queryFn: ({ pageParam, signal }) => trpcClient.chat.list.query({ cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ConversationPage) => last.nextCursor ?? undefined,
    staleTime: staleUnlessAnsweredByPage,
  });
  const conversations = useMemo(() => uniqueConversations(list.data?.pages ?? []), [list.data]);

  const conversation = useQuery({
    ...trpc.chat.get.queryOptions({ id: activeId ?? 0 }),
    enabled: activeId !== null,
    staleTime: staleUnlessAnsweredByPage,
  });
  const messages: Message[] = useMemo(() => conversation.data?.messages ?? [], [conversation.data]);

  const create = useMutation({
    ...trpc.chat.create.mutationOptions(),
    onSuccess: (created: Conversation) => {
      queryClient.setQueryData<ConversationWithMessages>(conversationKey(created.id), { conversation: created, messages: [] });
      void queryClient.invalidateQueries({ queryKey: trpc.chat.list.pathKey() });
      choose(created.id);
    },
    onError: (error) => toast({ title: 'Failed to create conversation', description: error.message, variant: 'destructive' }),
  });

  const creating = useRef<Promise<Conversation> | null>(null);
  const { mutateAsync: createAsync } = create;
  const createConversation = useCallback(() => joinOrStart(creating, () => createAsync({})), [createAsync]);

  // The visit's own conversation (a ref, so React's strict double effects do not make two). Nothing shows it,
  // so it waits for the page's first paint instead of competing with it (docs/decisions/032); by then the
  // writer may have started one (by sending, or with New Conversation), and that one counts.
  const autoCreated = useRef(false);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!list.isSuccess) return;
    const choice = choiceOnList(conversations, activeId, autoCreated.current);
    if (choice.kind === 'open') choose(choice.id);
    if (choice.kind !== 'create') return;
    autoCreated.current = true;
    void afterFirstPaint().then(() => {
      // A failure shows as the mutation's toast.
      if (mounted.current && activeIdNow.current === null && !creating.current) createConversation().catch(() => {});
    });
  }, [list.isSuccess, conversations, activeId, createConversation, choose]);

  // A conversation deleted elsewhere (another tab) reads as not found: fall back to the first.
  useEffect(() => {
    if (conversation.isError && httpStatusOf(conversation.error) === 404) {
      choose(null);
      void queryClient.invalidateQueries({ queryKey: trpc.chat.list.pathKey() });
    }
  }, [conversation.isError, conversation.error, queryClient, choose]);

  const ensureConversation = useCallback(
    () => conversationForSend(creating.current, activeIdNow.current, createConversation),
    [createConversation],
  );

  const active =
    conversations.find((c) => c.id === activeId) ??
    (conversation.data?.conversation.id === activeId ? conversation.data?.conversation : undefined);

  return {
    list,
    conversations,
    activeId,
    /** The open conversation as the list or its own query knows it. */
    active,
    choose,
    conversation,
    messages,
    createConversation,
    isCreating: create.isPending,
    ensureConversation,
  };
}
