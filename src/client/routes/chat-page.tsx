import * as Dialog from '@radix-ui/react-dialog';
import * as Popover from '@radix-ui/react-popover';
import { createLazyRoute } from '@tanstack/react-router';
import { Info, Menu, Pin } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Button } from '../components/button';
import { VerifyEmailBanner } from '../components/verify-email-banner';
import { ChatSidebar } from '../components/chat/chat-sidebar';
import { Composer } from '../components/chat/composer';
import { EditorLabel } from '../components/chat/editor-label';
import { BriefMarkdown } from '../components/chat/brief-markdown';
import { MessageList } from '../components/chat/message-list';
import { PinnedPanel } from '../components/chat/pinned-panel';
import { TeamSuspendedDialog } from '../components/chat/team-suspended-dialog';
import { UploadPopover } from '../components/chat/upload-popover';
import { useNow } from '../components/chat/use-now';
import { WelcomePanel } from '../components/chat/welcome-panel';
import { HelpMenu } from '../components/floating-help';
import { PageSpinner, Spinner } from '../components/spinner';
import { useCapabilities } from '../lib/chat/capabilities';
import { focusComposer, returnFocusToComposer } from '../lib/chat/composer-focus';
import { usePinnedMessages, type PinnedMessage } from '../lib/chat/pinned';
import type { Revision } from '../lib/chat/revision';
import { conversationTimeLabel } from '../lib/chat/time-label';
import type { UploadSuccess } from '../lib/chat/upload';
import { useActiveConversation } from '../lib/chat/use-active-conversation';
import { useConversationScroll } from '../lib/chat/use-conversation-scroll';
import { useRefusals } from '../lib/chat/use-refusals';
import { liveMessagesFor, useSendMessage } from '../lib/chat/use-send-message';
import { useUploadedDocuments } from '../lib/chat/use-uploaded-documents';
import { useMediaQuery } from '../lib/use-media-query';
import { useSignedInUser } from '../lib/use-signed-in-user';
import { useToastClearance } from '../lib/toast-clearance';
import { MAIN_CONTENT_ID } from '../components/skip-link';

export const chatLazyRoute = createLazyRoute('/authed/subscribed/chat')({
  component: ChatPage,
  pendingComponent: PageSpinner,
});

// The comparison view (and the diff and Markdown code it needs) loads the first time a writer opens it.
const CompareDialog = lazy(() => import('../components/chat/compare-dialog').then((m) => ({ default: m.CompareDialog })));

const WIDE = '(min-width: 1024px)';
/** Wide enough for the editor's name beside the conversation's title. */
const ROOMY_HEADER = '(min-width: 640px)';

const isWide = () => typeof window !== 'undefined' && window.matchMedia(WIDE).matches;

function ChatPage() {
  const user = useSignedInUser();
  const now = useNow();
  const capabilities = useCapabilities();
  const pinned = usePinnedMessages(user.id);
  const wide = useMediaQuery(WIDE);
  const roomyHeader = useMediaQuery(ROOMY_HEADER);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [pinsCollapsed, setPinsCollapsed] = useState(() => !isWide());
  const [revision, setRevision] = useState<Revision | null>(null);
  // kept mounted once opened, so closing it animates and hands focus back
  const [compareOpened, setCompareOpened] = useState(false);
  if (revision && !compareOpened) setCompareOpened(true);

  const { list, conversations, activeId, active, choose, conversation, messages, createConversation, isCreating, ensureConversation } =
    useActiveConversation();
  const { suspendedTeam, dismissSuspended, sendRefused, uploadRefused } = useRefusals();
  // Called once a reply has ended, long after this render has made `toBottomSoon`.
  const sender = useSendMessage({ onSent: () => toBottomSoon(), onRefused: sendRefused });
  const { scroller, onScroll, toBottom, toBottomSoon, highlightId, jumpTo, forgetShown } = useConversationScroll({
    activeId,
    shown: conversation.data,
    live: sender.live,
  });
  const { notices, add: addUpload, forget: forgetUploads } = useUploadedDocuments(activeId);
  const { user: pendingUser, reply: liveReply } = liveMessagesFor(sender.live, activeId, messages.length);

  const send = useCallback(
    async (content: string) => {
      const id = await ensureConversation();
      if (id === null) return false;
      requestAnimationFrame(() => toBottom());
      return sender.send(id, content);
    },
    [ensureConversation, sender, toBottom],
  );

  const select = useCallback(
    (id: number) => {
      choose(id);
      setDrawerOpen(false);
      focusComposer();
    },
    [choose],
  );

  const openMessage = useCallback(
    (conversationId: number, messageId: number) => {
      jumpTo({ conversationId, messageId });
      choose(conversationId);
      setDrawerOpen(false);
    },
    [jumpTo, choose],
  );

  const onDeleted = useCallback(
    (id: number) => {
      forgetUploads(id);
      if (id === activeId) {
        forgetShown();
        choose(null);
      }
    },
    [forgetUploads, activeId, forgetShown, choose],
  );

  const onUploaded = useCallback(
    (upload: UploadSuccess) => {
      addUpload(upload);
      choose(upload.conversationId);
      toBottomSoon();
    },
    [addUpload, choose, toBottomSoon],
  );

  const openPin = useCallback(
    (pin: PinnedMessage) => {
      if (!isWide()) setPinsCollapsed(true);
      openMessage(pin.conversationId, pin.id);
    },
    [openMessage],
  );

  const composerDock = useRef<HTMLDivElement>(null);
  useToastClearance(composerDock);

  const titles = useMemo(() => new Map(conversations.map((c) => [c.id, c.title])), [conversations]);
  const isEmpty = messages.length === 0 && notices.length === 0 && pendingUser === null && liveReply === null;
  const loadingMessages = activeId !== null && conversation.isPending;

  // An open conversation with nothing in it is already a new one: reuse it rather than pile up empty ones.
  const startNew = () => {
    if (activeId !== null && conversation.data?.messages.length === 0 && isEmpty && !isCreating) {
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
      isCreating={isCreating}
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

      <main id={MAIN_CONTENT_ID} className="flex min-w-0 flex-1 flex-col">
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
              {active?.title ?? (isCreating || list.isPending ? 'Loading…' : 'New Conversation')}
            </p>
            {/* On a phone the editor's name sits under the title, which keeps the header's width. */}
            {(active || !roomyHeader) && (
              <div className="flex min-w-0 items-center gap-2">
                {active && <p className="truncate text-xs text-slate-500">{conversationTimeLabel(active.updatedAt, now)}</p>}
                {!roomyHeader && <EditorLabel name={capabilities.editor} />}
              </div>
            )}
          </div>
          {roomyHeader && <EditorLabel name={capabilities.editor} />}
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
          onScroll={onScroll}
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
                local={notices}
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

        <div ref={composerDock} className="shrink-0 border-t border-slate-100 bg-white px-3 pt-2 pb-1.5 sm:px-6 sm:pt-3 sm:pb-2">
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
                onRefused={uploadRefused}
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
      <TeamSuspendedDialog teamName={suspendedTeam} onClose={dismissSuspended} />
    </div>
  );
}
