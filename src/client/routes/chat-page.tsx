import * as Dialog from '@radix-ui/react-dialog';
import * as Popover from '@radix-ui/react-popover';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { Info, Menu, Pin } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Conversation, ConversationPage, ConversationWithMessages, Message } from '~/shared/schemas/chat';
import { Button } from '../components/button';
import { VerifyEmailBanner } from '../components/verify-email-banner';
import { ChatSidebar } from '../components/chat/chat-sidebar';
import { Composer } from '../components/chat/composer';
import { EditorLabel } from '../components/chat/editor-label';
import { BriefMarkdown } from '../components/chat/brief-markdown';
import { MessageList, type LocalMessage } from '../components/chat/message-list';
import { PinnedPanel } from '../components/chat/pinned-panel';
import { TeamSuspendedDialog } from '../components/chat/team-suspended-dialog';
import { UploadPopover, type UploadSuccess } from '../components/chat/upload-popover';
import { useNow } from '../components/chat/use-now';
import { WelcomePanel } from '../components/chat/welcome-panel';
import { HelpMenu } from '../components/floating-help';
import { PageSpinner, Spinner } from '../components/spinner';
import { teamQueryRoot } from '../lib/access';
import { useCapabilities } from '../lib/chat/capabilities';
import { focusComposer, returnFocusToComposer } from '../lib/chat/composer-focus';
import { usePinnedMessages, type PinnedMessage } from '../lib/chat/pinned';
import type { Revision } from '../lib/chat/revision';
import { conversationTimeLabel } from '../lib/chat/time-label';
import { conversationKey, liveMessagesFor, useSendMessage, type SendFailure } from '../lib/chat/use-send-message';
import { afterFirstPaint } from '../lib/after-first-paint';
import { httpStatusOf } from '../lib/errors';
import { conversationListKey, staleUnlessAnsweredByPage } from '../lib/page-answers';
import { userQueryKey } from '../lib/session';
import { toast } from '../lib/toast';
import { useMediaQuery } from '../lib/use-media-query';
import { trpc, trpcClient } from '../lib/trpc';
import { useSignedInUser } from '../lib/use-signed-in-user';

export const chatLazyRoute = createLazyRoute('/authed/subscribed/chat')({
  component: ChatPage,
  pendingComponent: PageSpinner,
});

// The comparison view (and the diff and Markdown code it needs) loads the first time a writer opens it.
const CompareDialog = lazy(() => import('../components/chat/compare-dialog').then((m) => ({ default: m.CompareDialog })));

const HIGHLIGHT_MS = 2000;
const SCROLL_AFTER_SEND_MS = 100;
/** Closer than this to the bottom, new text keeps the view at the bottom. */
const STICK_PX = 96;
const WIDE = '(min-width: 1024px)';

const isWide = () => typeof window !== 'undefined' && window.matchMedia(WIDE).matches;

function ChatPage() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const now = useNow();
  const capabilities = useCapabilities();
  const pinned = usePinnedMessages(user.id);
  const wide = useMediaQuery(WIDE);

  // A list already known (sent with the page, or from an earlier visit) opens its first conversation at once.
  const [activeId, setActiveIdState] = useState<number | null>(
    () => queryClient.getQueryData<InfiniteData<ConversationPage>>(conversationListKey)?.pages[0]?.items[0]?.id ?? null,
  );
  // The conversation chosen last, known at once to what runs before the next render: a send, or the
  // visit's own conversation, which must not make a second one for a writer who already has one.
  const activeIdNow = useRef(activeId);
  const setActiveId = useCallback((id: number | null) => {
    activeIdNow.current = id;
    setActiveIdState(id);
  }, []);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [pinsCollapsed, setPinsCollapsed] = useState(() => !isWide());
  const [pendingJump, setPendingJump] = useState<{ conversationId: number; messageId: number } | null>(null);
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const [local, setLocal] = useState<LocalMessage[]>([]);
  const [revision, setRevision] = useState<Revision | null>(null);
  // kept mounted once opened, so closing it animates and hands focus back
  const [compareOpened, setCompareOpened] = useState(false);
  if (revision && !compareOpened) setCompareOpened(true);
  const [suspendedTeam, setSuspendedTeam] = useState<string | null>(null);

  const list = useInfiniteQuery({
    queryKey: conversationListKey,
    queryFn: ({ pageParam, signal }) => trpcClient.chat.list.query({ cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ConversationPage) => last.nextCursor ?? undefined,
    staleTime: staleUnlessAnsweredByPage,
  });
  const conversations = useMemo(() => {
    const seen = new Set<number>();
    return (list.data?.pages ?? []).flatMap((p) => p.items).filter((c) => !seen.has(c.id) && !!seen.add(c.id));
  }, [list.data]);

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
      setActiveId(created.id);
    },
    onError: (error) => toast({ title: 'Failed to create conversation', description: error.message, variant: 'destructive' }),
  });

  // One conversation is created at a time: a send or New Conversation while one is being made uses that one.
  const creating = useRef<Promise<Conversation> | null>(null);
  const { mutateAsync: createAsync } = create;
  const createConversation = useCallback((): Promise<Conversation> => {
    creating.current ??= createAsync({}).finally(() => {
      creating.current = null;
    });
    return creating.current;
  }, [createAsync]);

  // With no conversations one is created, once per visit (a ref, so React's strict double effects do not make two).
  // Nothing shows it, so it waits for the page's first paint instead of competing with it (docs/decisions/032);
  // by then the writer may have started one (by sending, or with New Conversation), and that one counts.
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
    if (conversations.length === 0) {
      if (!autoCreated.current && activeId === null) {
        autoCreated.current = true;
        void afterFirstPaint().then(() => {
          // A failure shows as the mutation's toast.
          if (mounted.current && activeIdNow.current === null && !creating.current) createConversation().catch(() => {});
        });
      }
      return;
    }
    if (activeId === null) setActiveId(conversations[0]!.id);
  }, [list.isSuccess, conversations, activeId, createConversation, setActiveId]);

  // A conversation deleted elsewhere (another tab) reads as not found: fall back to the first.
  useEffect(() => {
    if (conversation.isError && httpStatusOf(conversation.error) === 404) {
      setActiveId(null);
      void queryClient.invalidateQueries({ queryKey: trpc.chat.list.pathKey() });
    }
  }, [conversation.isError, conversation.error, queryClient, setActiveId]);

  // A send while a conversation is being made (the visit's own, or New Conversation) goes into that one.
  const ensureConversation = useCallback(async (): Promise<number | null> => {
    try {
      if (creating.current) return (await creating.current).id;
      if (activeIdNow.current !== null) return activeIdNow.current;
      return (await createConversation()).id;
    } catch {
      return null;
    }
  }, [createConversation]);

  // Scrolling: stay at the bottom while the reader is there.
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const scrollToBottom = useCallback((smooth = false) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    stick.current = true;
  }, []);

  const refused = useCallback(
    (failure: SendFailure) => {
      // The cached team said active; the server says otherwise, so the guards must ask again.
      void queryClient.invalidateQueries({ queryKey: teamQueryRoot });
      if (failure.kind === 'team-suspended') setSuspendedTeam(failure.teamName);
      if (failure.kind === 'subscription-required') {
        void queryClient.invalidateQueries({ queryKey: userQueryKey }).then(() => navigate({ to: '/subscribe' }));
      }
    },
    [queryClient, navigate],
  );

  const sender = useSendMessage({
    onSent: () => setTimeout(() => scrollToBottom(true), SCROLL_AFTER_SEND_MS),
    onRefused: refused,
  });
  const { user: pendingUser, reply: liveReply } = liveMessagesFor(sender.live, activeId, messages.length);

  const send = useCallback(
    async (content: string) => {
      const id = await ensureConversation();
      if (id === null) return false;
      requestAnimationFrame(() => scrollToBottom());
      return sender.send(id, content);
    },
    [ensureConversation, sender, scrollToBottom],
  );

  // Opening a conversation shows its latest messages, unless a search result asked for one message.
  const shownFor = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (!conversation.data || conversation.data.conversation.id !== activeId) return;
    if (shownFor.current === activeId) return;
    shownFor.current = activeId;
    // An empty conversation shows the welcome panel from its top.
    if (conversation.data.messages.length === 0) scroller.current?.scrollTo({ top: 0 });
    else if (!pendingJump) scrollToBottom();
  }, [conversation.data, activeId, pendingJump, scrollToBottom]);

  useLayoutEffect(() => {
    if (stick.current && sender.live) scrollToBottom();
  }, [sender.live, scrollToBottom]);

  // Jump and highlight: once the conversation is on screen, scroll to the message and mark it for 2 seconds.
  useEffect(() => {
    if (!pendingJump || activeId !== pendingJump.conversationId || !conversation.data) return;
    if (conversation.data.conversation.id !== pendingJump.conversationId) return;
    const el = document.getElementById(`message-${pendingJump.messageId}`);
    setPendingJump(null);
    if (!el) {
      toast({ title: 'Message not found', description: 'It is no longer in this conversation.' });
      return;
    }
    el.scrollIntoView({ block: 'center' });
    stick.current = false;
    setHighlightId(pendingJump.messageId);
  }, [pendingJump, activeId, conversation.data]);

  useEffect(() => {
    if (highlightId === null) return;
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  const select = useCallback(
    (id: number) => {
      setActiveId(id);
      setDrawerOpen(false);
      focusComposer();
    },
    [setActiveId],
  );

  const openMessage = useCallback(
    (conversationId: number, messageId: number) => {
      setHighlightId(null);
      setPendingJump({ conversationId, messageId });
      setActiveId(conversationId);
      setDrawerOpen(false);
    },
    [setActiveId],
  );

  const onDeleted = useCallback(
    (id: number) => {
      setLocal((l) => l.filter((m) => m.conversationId !== id));
      if (id === activeId) {
        shownFor.current = null;
        setActiveId(null);
      }
    },
    [activeId, setActiveId],
  );

  const onUploaded = useCallback(
    (r: UploadSuccess) => {
      const saved = queryClient.getQueryData<ConversationWithMessages>(conversationKey(r.conversationId))?.messages ?? [];
      const afterId = saved.at(-1)?.id ?? 0;
      const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const added: LocalMessage[] = [
        {
          key: `file-${key}`,
          conversationId: r.conversationId,
          afterId,
          kind: 'file',
          filename: r.filename,
          content: `File uploaded: ${r.filename}`,
        },
      ];
      // A review the server saved arrives with the refreshed conversation; one it could not save is shown here.
      if (typeof r.review === 'string' && r.review.trim() && !r.reviewPosted) {
        added.push({ key: `review-${key}`, conversationId: r.conversationId, afterId, kind: 'text', content: r.review });
      } else if (r.review && typeof r.review === 'object') {
        const review = r.review;
        queryClient.setQueryData<ConversationWithMessages>(conversationKey(r.conversationId), (old) =>
          old && !old.messages.some((m) => m.id === review.id) ? { ...old, messages: [...old.messages, review] } : old,
        );
      }
      setLocal((l) => [...l, ...added]);
      setActiveId(r.conversationId);
      void queryClient.invalidateQueries({ queryKey: conversationKey(r.conversationId) });
      void queryClient.invalidateQueries({ queryKey: trpc.chat.list.pathKey() });
      setTimeout(() => scrollToBottom(true), SCROLL_AFTER_SEND_MS);
    },
    [queryClient, scrollToBottom, setActiveId],
  );

  const openPin = useCallback(
    (pin: PinnedMessage) => {
      if (!isWide()) setPinsCollapsed(true);
      openMessage(pin.conversationId, pin.id);
    },
    [openMessage],
  );

  const titles = useMemo(() => new Map(conversations.map((c) => [c.id, c.title])), [conversations]);
  const active =
    conversations.find((c) => c.id === activeId) ??
    (conversation.data?.conversation.id === activeId ? conversation.data?.conversation : undefined);
  const localHere = useMemo(() => local.filter((l) => l.conversationId === activeId), [local, activeId]);
  const isEmpty = messages.length === 0 && localHere.length === 0 && pendingUser === null && liveReply === null;
  const loadingMessages = activeId !== null && conversation.isPending;

  // An open conversation with nothing in it is already a new one: reuse it rather than pile up empty ones.
  const startNew = () => {
    if (activeId !== null && conversation.data?.messages.length === 0 && isEmpty && !create.isPending) {
      setDrawerOpen(false);
      focusComposer();
      return;
    }
    createConversation().then(
      () => {
        setDrawerOpen(false);
        focusComposer();
      },
      () => {},
    );
  };

  const sidebar = (onClose?: () => void) => (
    <ChatSidebar
      onClose={onClose}
      user={user}
      conversations={conversations}
      isLoading={list.isPending}
      hasMore={!!list.hasNextPage}
      isLoadingMore={list.isFetchingNextPage}
      onLoadMore={() => !list.isFetchingNextPage && void list.fetchNextPage()}
      activeId={activeId}
      onSelect={select}
      onOpenMessage={openMessage}
      onNew={startNew}
      isCreating={create.isPending}
      onDeleted={onDeleted}
    />
  );

  return (
    <div className="flex h-dvh overflow-hidden bg-white">
      {/* Narrower, the list opens in the drawer: a hidden copy would only slow the phone's first render. */}
      {wide && (
        <aside aria-label="Conversation list" className="w-72 shrink-0 border-r border-slate-200 bg-slate-50">
          {sidebar()}
        </aside>
      )}
      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40 animate-fade-in lg:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            onCloseAutoFocus={returnFocusToComposer}
            className="fixed inset-y-0 left-0 z-50 w-[min(20rem,86vw)] bg-slate-50 shadow-2xl animate-fade-in focus:outline-none lg:hidden"
          >
            <Dialog.Title className="sr-only">Conversations</Dialog.Title>
            {sidebar(() => setDrawerOpen(false))}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <main className="flex min-w-0 flex-1 flex-col">
        <h1 className="sr-only">Chat</h1>
        <VerifyEmailBanner user={user} />
        <header className="flex h-14 shrink-0 items-center gap-1 border-b border-slate-200 px-2 sm:px-4">
          <Button
            variant="ghost"
            size="icon"
            className="size-9 lg:hidden"
            aria-label="Open conversations"
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" className="size-5" />
          </Button>
          <div className="min-w-0 flex-1 px-1">
            <p className="truncate text-sm font-semibold text-slate-900" data-testid="conversation-title">
              {active?.title ?? (create.isPending || list.isPending ? 'Loading…' : 'New Conversation')}
            </p>
            {active && <p className="truncate text-xs text-slate-500">{conversationTimeLabel(active.updatedAt, now)}</p>}
          </div>
          <EditorLabel name={capabilities.editor} />
          <Popover.Root>
            <Popover.Trigger asChild>
              <Button variant="ghost" size="icon" className="size-9 text-slate-600" aria-label="About the editor">
                <Info aria-hidden="true" className="size-4.5" />
              </Button>
            </Popover.Trigger>
            <Popover.Portal>
              <Popover.Content
                align="end"
                sideOffset={8}
                collisionPadding={12}
                onCloseAutoFocus={returnFocusToComposer}
                aria-label="About the editor"
                // A tab stop of its own: the text scrolls, and it holds nothing else the keyboard could reach.
                tabIndex={0}
                className="z-50 max-h-[70vh] w-[min(24rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-xl animate-fade-in focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
              >
                <p className="mb-2 text-sm font-semibold">About the editor</p>
                {capabilities.isLoading ? (
                  <Spinner className="text-slate-400" />
                ) : (
                  <BriefMarkdown className="text-sm">{capabilities.message}</BriefMarkdown>
                )}
              </Popover.Content>
            </Popover.Portal>
          </Popover.Root>
          {pinned.pins.length > 0 && pinsCollapsed && (
            <Button
              variant="ghost"
              size="sm"
              className="text-slate-700 lg:hidden"
              aria-label={`Show pinned references (${pinned.pins.length})`}
              onClick={() => setPinsCollapsed(false)}
            >
              <Pin aria-hidden="true" className="size-4" />
              {pinned.pins.length}
            </Button>
          )}
          <HelpMenu />
        </header>

        <div
          ref={scroller}
          onScroll={(e) => {
            const el = e.currentTarget;
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
          }}
          // Focusable, so the keyboard can scroll it when it holds nothing else to focus (the welcome before a first message).
          tabIndex={0}
          role="region"
          aria-label="Conversation"
          className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
          aria-live="off"
        >
          <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
            {/* Under the page's h1, over the replies' own headings (h3). */}
            {!loadingMessages && !isEmpty && <h2 className="sr-only">Messages</h2>}
            {loadingMessages ? (
              <PageSpinner label="Loading messages" />
            ) : isEmpty ? (
              <WelcomePanel user={user} capabilities={capabilities.message} capabilitiesLoading={capabilities.isLoading} />
            ) : (
              <MessageList
                // A conversation opened is a new log: only what is added to it afterwards is read out.
                key={activeId}
                messages={messages}
                local={localHere}
                pendingUser={pendingUser}
                live={liveReply}
                highlightId={highlightId}
                isPinned={pinned.isPinned}
                onTogglePin={pinned.toggle}
                onCompare={setRevision}
              />
            )}
          </div>
        </div>

        <div className="shrink-0 border-t border-slate-100 bg-white px-3 pt-2 pb-1.5 sm:px-6 sm:pt-3 sm:pb-2">
          <Composer
            busy={sender.isSending}
            hasMessages={messages.length > 0}
            onSend={send}
            onStop={sender.stop}
            upload={
              <UploadPopover
                disabled={sender.isSending}
                ensureConversation={ensureConversation}
                onUploaded={onUploaded}
                onRefused={(outcome) => {
                  if (outcome.code === 'TEAM_SUSPENDED') {
                    setSuspendedTeam(outcome.teamName ?? '');
                    return true;
                  }
                  if (outcome.code === 'SUBSCRIPTION_REQUIRED') refused({ kind: 'subscription-required' });
                  return false;
                }}
              />
            }
          />
          <p className="mx-auto mt-1 max-w-3xl text-center text-[0.7rem] text-slate-500 sm:text-xs">
            The AI editor may produce inaccurate information.
            {/* One line on a phone, so the messages keep the height. */}
            <span className="hidden sm:inline"> Check facts, names and quotes before you publish.</span>
          </p>
        </div>
      </main>

      {pinned.pins.length > 0 && (
        <PinnedPanel
          pins={pinned.pins}
          collapsed={pinsCollapsed}
          onCollapsedChange={setPinsCollapsed}
          onRemove={pinned.unpin}
          onClear={pinned.clear}
          onOpen={openPin}
          titleOf={(id) => titles.get(id)}
        />
      )}

      {(revision || compareOpened) && (
        <Suspense fallback={null}>
          <CompareDialog revision={revision} onClose={() => setRevision(null)} />
        </Suspense>
      )}
      <TeamSuspendedDialog teamName={suspendedTeam} onClose={() => setSuspendedTeam(null)} />
    </div>
  );
}
