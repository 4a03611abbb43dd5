import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import superjson from 'superjson';
import { PAGE_ANSWERS_ID, type PageAnswers } from '~/shared/page-shell';
import type { ConversationPage } from './api-types';
import { trpc } from './trpc';

/** Until the first page has rendered, what the server sent with it (the session too) counts as fresh. */
let answeredByPage = false;

/** A seeder has read an answer the server wrote into the page. */
export function markAnsweredByPage() {
  answeredByPage = true;
}

/** The conversation list's cache key: under the list's path, so invalidating `chat.list` refreshes it. */
export const conversationListKey = [...trpc.chat.list.pathKey(), { type: 'infinite' }] as const;

/** For a query the page asks again each time it mounts: none while the server's answer is that fresh. */
export const staleUnlessAnsweredByPage = () => (answeredByPage ? Infinity : 0);

/**
 * The server writes the answers a page draws first into the page it sends (docs/decisions/032), so its
 * first render needs no request for them. A page without them (Vite's dev server) asks as before.
 */
export function seedAnswersFromPage(queryClient: QueryClient) {
  const text = document.getElementById(PAGE_ANSWERS_ID)?.textContent;
  if (!text) return;
  try {
    const { capabilities, conversations, conversation } = superjson.parse<PageAnswers>(text);
    if (capabilities) queryClient.setQueryData(trpc.chat.capabilities.queryKey(), capabilities);
    if (conversations)
      queryClient.setQueryData<InfiniteData<ConversationPage, string | null>>(conversationListKey, {
        pages: [conversations],
        pageParams: [null],
      });
    if (conversation) queryClient.setQueryData(trpc.chat.get.queryKey({ id: conversation.conversation.id }), conversation);
    markAnsweredByPage();
  } catch {
    // Unreadable: the page asks the server.
  }
}

/** The first page has rendered: from now on each page that mounts asks again. */
export function endPageAnswers() {
  answeredByPage = false;
}
