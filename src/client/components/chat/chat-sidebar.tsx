import { useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BookOpen, MessageSquareText, Plus, Search, Settings, Trash2, Users, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CHAT_LIMITS } from '~/shared/chat-limits';
import type { Conversation, ConversationPage, PublicUser, SearchHit } from '../../lib/api-types';
import { returnFocusToComposer } from '../../lib/chat/composer-focus';
import { cn } from '../../lib/cn';
import { serverMessage } from '../../lib/errors';
import { snippetParts } from '../../lib/chat/search-marks';
import { conversationTimeLabel, matchesConversation } from '../../lib/chat/time-label';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { Button, buttonClasses } from '../button';
import { ConfirmDialog } from '../confirm-dialog';
import { inputClasses } from '../form-field';
import { LogoMark } from '../logo';
import { Spinner } from '../spinner';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useNow } from './use-now';

const SEARCH_DEBOUNCE_MS = 250;

export interface ChatSidebarProps {
  user: PublicUser;
  conversations: Conversation[];
  isLoading: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  activeId: number | null;
  onSelect: (id: number) => void;
  /** Opens a message found by the search: switch, scroll, highlight. */
  onOpenMessage: (conversationId: number, messageId: number) => void;
  onNew: () => void;
  isCreating: boolean;
  onDeleted: (id: number) => void;
  /** In the drawer: a close button at the end of the header. */
  onClose?: () => void;
}

interface ResultRow {
  conversation: Conversation;
  messages: SearchHit['messages'];
}

/** The conversation list: navigation, search over titles, times and message text, delete, and paging. */
export function ChatSidebar(p: ChatSidebarProps) {
  const now = useNow();
  const [query, setQuery] = useState('');
  // A pasted tab or line break is a space to the reader; the server refuses control characters in a search.
  const trimmed = query.replace(/\p{Cc}+/gu, ' ').trim();
  const serverQuery = useDebouncedValue(trimmed.slice(0, CHAT_LIMITS.searchQueryMaxChars), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    ...trpc.chat.search.queryOptions({ query: serverQuery }),
    enabled: serverQuery !== '',
    staleTime: 0,
    placeholderData: (previous) => previous,
  });

  const rows: ResultRow[] = useMemo(() => {
    if (!trimmed) return p.conversations.map((conversation) => ({ conversation, messages: [] }));
    const byId = new Map<number, ResultRow>();
    for (const c of p.conversations) {
      if (matchesConversation(trimmed, c.title, conversationTimeLabel(c.updatedAt, now))) byId.set(c.id, { conversation: c, messages: [] });
    }
    if (serverQuery === trimmed.slice(0, CHAT_LIMITS.searchQueryMaxChars)) {
      for (const hit of search.data ?? []) {
        const row = byId.get(hit.conversation.id) ?? { conversation: hit.conversation, messages: [] };
        row.messages = hit.messages;
        byId.set(hit.conversation.id, row);
      }
    }
    return [...byId.values()].sort(
      (a, b) => Date.parse(b.conversation.updatedAt) - Date.parse(a.conversation.updatedAt) || b.conversation.id - a.conversation.id,
    );
  }, [trimmed, serverQuery, p.conversations, search.data, now]);

  const searchingMessages = trimmed !== '' && (serverQuery !== trimmed || search.isFetching);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center justify-between gap-2 px-4 pt-4 pb-3">
        <Link
          to="/"
          aria-label="Copydesk home"
          className="inline-flex items-center gap-2 rounded-lg font-serif text-lg font-semibold tracking-tight"
        >
          <LogoMark />
          <span>Copydesk</span>
        </Link>
        <div className="flex items-center gap-0.5">
          {/* The house rules the editor applies to every reply, a click from where they are applied. */}
          <Link
            to="/stylebook"
            aria-label="Stylebook"
            title="Stylebook"
            className={buttonClasses('ghost', 'icon', 'size-9 text-slate-600')}
          >
            <BookOpen aria-hidden="true" className="size-4.5" />
          </Link>
          <Link to="/settings" aria-label="Settings" title="Settings" className={buttonClasses('ghost', 'icon', 'size-9 text-slate-600')}>
            <Settings aria-hidden="true" className="size-4.5" />
          </Link>
          {p.onClose && (
            <Button variant="ghost" size="icon" className="size-9 text-slate-600" aria-label="Close conversations" onClick={p.onClose}>
              <X aria-hidden="true" className="size-4.5" />
            </Button>
          )}
        </div>
      </div>

      <div className="space-y-2 px-3 pb-3">
        <Button variant="primary" className="w-full" onClick={p.onNew} loading={p.isCreating}>
          {!p.isCreating && <Plus aria-hidden="true" className="size-4" />}
          New conversation
        </Button>
        {p.user.teamId != null && (
          <Link to="/team" className={buttonClasses('outline', 'md', 'w-full')}>
            <Users aria-hidden="true" className="size-4" />
            Team Dashboard
          </Link>
        )}
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setQuery('')}
            placeholder="Search conversations"
            aria-label="Search conversations"
            maxLength={CHAT_LIMITS.searchQueryMaxChars}
            className={cn(inputClasses, 'bg-white pr-8 pl-9 [&::-webkit-search-cancel-button]:hidden')}
          />
          {query && (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => setQuery('')}
              className="absolute top-1/2 right-2 -translate-y-1/2 cursor-pointer rounded p-1 text-slate-400 hover:text-slate-700"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          )}
        </div>
      </div>

      <nav aria-label="Conversations" className="min-h-0 flex-1 overflow-y-auto px-2 pb-4">
        {p.isLoading ? (
          <div className="flex justify-center py-8" role="status">
            <Spinner className="text-slate-400" />
            <span className="sr-only">Loading conversations</span>
          </div>
        ) : rows.length === 0 ? (
          searchingMessages ? (
            <p className="flex items-center gap-2 px-3 py-6 text-sm text-slate-500" role="status">
              <Spinner className="size-4" /> Searching messages…
            </p>
          ) : (
            <p className="px-3 py-6 text-center text-sm text-slate-500" role="status">
              {trimmed ? `No conversations found for "${trimmed}"` : 'No document sessions yet'}
            </p>
          )
        ) : (
          <>
            <ul className="space-y-0.5">
              {rows.map((row) => (
                <ConversationRow
                  key={row.conversation.id}
                  row={row}
                  query={trimmed}
                  now={now}
                  active={row.conversation.id === p.activeId}
                  onSelect={p.onSelect}
                  onOpenMessage={p.onOpenMessage}
                  onDeleted={p.onDeleted}
                />
              ))}
            </ul>
            {searchingMessages && (
              <p className="flex items-center gap-2 px-3 py-2 text-xs text-slate-500" role="status">
                <Spinner className="size-3.5" /> Searching messages…
              </p>
            )}
            {!trimmed && p.hasMore && <LoadMore loading={p.isLoadingMore} onLoadMore={p.onLoadMore} />}
          </>
        )}
      </nav>
    </div>
  );
}

/** Loads the next page when it scrolls into view, and is a button for keyboards. */
function LoadMore({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load.current(), {
      rootMargin: '120px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="px-2 pt-2">
      <Button ref={ref} variant="ghost" size="sm" className="w-full text-slate-600" loading={loading} onClick={onLoadMore}>
        Load more conversations
      </Button>
    </div>
  );
}

/** The snippet with the words searched for marked; React escapes every part, so a message's text is never markup. */
function Highlighted({ text, query }: { text: string; query: string }) {
  return snippetParts(text, query).map((part, i) =>
    part.match ? (
      <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

function ConversationRow({
  row,
  query,
  now,
  active,
  onSelect,
  onOpenMessage,
  onDeleted,
}: {
  row: ResultRow;
  query: string;
  now: number;
  active: boolean;
  onSelect: (id: number) => void;
  onOpenMessage: (conversationId: number, messageId: number) => void;
  onDeleted: (id: number) => void;
}) {
  const { conversation, messages } = row;
  const queryClient = useQueryClient();
  const remove = useMutation({
    ...trpc.chat.delete.mutationOptions(),
    onSuccess: () => {
      toast({ title: 'Conversation deleted', description: 'The conversation has been successfully deleted', variant: 'success' });
      // Gone from the list at once, so nothing selects it while the list refetches.
      queryClient.setQueriesData<InfiniteData<ConversationPage>>({ queryKey: trpc.chat.list.pathKey() }, (data) =>
        data?.pages
          ? { ...data, pages: data.pages.map((pg) => ({ ...pg, items: pg.items.filter((c) => c.id !== conversation.id) })) }
          : data,
      );
      queryClient.removeQueries({ queryKey: trpc.chat.get.queryKey({ id: conversation.id }) });
      void queryClient.invalidateQueries({ queryKey: trpc.chat.list.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.chat.search.pathKey() });
      onDeleted(conversation.id);
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, error.message), variant: 'destructive' }),
  });
  const time = conversationTimeLabel(conversation.updatedAt, now);

  return (
    <li>
      <div
        className={cn(
          'group relative flex items-center rounded-lg transition-colors',
          active ? 'bg-white shadow-sm ring-1 ring-slate-200' : 'hover:bg-slate-100',
        )}
      >
        <button
          type="button"
          onClick={() => onSelect(conversation.id)}
          aria-current={active ? 'true' : undefined}
          className="flex min-w-0 flex-1 cursor-pointer items-start gap-2.5 rounded-lg py-2.5 pr-10 pl-3 text-left"
        >
          <MessageSquareText aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', active ? 'text-brand-600' : 'text-slate-400')} />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-medium text-slate-900">{conversation.title}</span>
            <span className="block text-xs text-slate-500">{time}</span>
          </span>
        </button>
        <ConfirmDialog
          title="Delete this conversation?"
          description={`"${conversation.title}" and its messages and documents will be deleted. This cannot be undone.`}
          confirmLabel="Delete"
          destructive
          onConfirm={() => remove.mutate({ id: conversation.id })}
          onCloseAutoFocus={returnFocusToComposer}
          trigger={
            <button
              type="button"
              aria-label={`Delete conversation ${conversation.title}`}
              title="Delete conversation"
              disabled={remove.isPending}
              className={cn(
                'absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 cursor-pointer items-center justify-center rounded-md text-slate-400 transition',
                'hover:bg-red-50 hover:text-red-600 focus-visible:opacity-100 disabled:opacity-100',
                'opacity-100 lg:opacity-0 lg:group-hover:opacity-100 lg:group-focus-within:opacity-100',
                active && 'lg:opacity-100',
              )}
            >
              {remove.isPending ? <Spinner className="size-4" /> : <Trash2 aria-hidden="true" className="size-4" />}
            </button>
          }
        />
      </div>
      {messages.length > 0 && (
        <ul aria-label={`Messages in ${conversation.title}`} className="mt-0.5 mb-1 ml-8 space-y-0.5 border-l border-slate-200 pl-2">
          {messages.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                onClick={() => onOpenMessage(conversation.id, m.id)}
                className="w-full cursor-pointer rounded-md px-2 py-1 text-left text-xs text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <span className="line-clamp-2">
                  <Highlighted text={m.snippet} query={query} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
