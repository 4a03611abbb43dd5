import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PAGE_SESSION_ID } from '~/shared/page-shell';
import type { PublicUser } from './api-types';
import { markAnsweredByPage, staleUnlessAnsweredByPage } from './page-answers';
import { trpc, trpcClient } from './trpc';

/** The cache key of the signed-in user; `null` data means nobody is signed in. */
export const userQueryKey = trpc.auth.session.queryKey();

export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    // auth.session answers a visitor with null rather than a 401, so a signed-out page logs no failed request.
    queryFn: (): Promise<PublicUser | null> => trpcClient.auth.session.query(),
    // Asked again by each page that shows the user as it mounts, so a session ended elsewhere shows;
    // not while the page the server wrote it into first renders.
    staleTime: staleUnlessAnsweredByPage,
  });
}

export function ensureUser(queryClient: QueryClient): Promise<PublicUser | null> {
  return queryClient.ensureQueryData(userQueryOptions());
}

export function setCachedUser(queryClient: QueryClient, user: PublicUser | null) {
  queryClient.setQueryData(userQueryKey, user);
}

/**
 * The server writes who is signed in into the page it sends (docs/decisions/020), so the guards
 * need not ask before the first render. A page without it (Vite's dev server) asks as before.
 */
export function seedUserFromPage(queryClient: QueryClient) {
  const text = document.getElementById(PAGE_SESSION_ID)?.textContent;
  if (!text) return;
  try {
    setCachedUser(queryClient, JSON.parse(text) as PublicUser | null);
    markAnsweredByPage();
  } catch {
    // Unreadable: the guards ask the server.
  }
}
