import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '~/shared/types';
import { trpc, trpcClient } from './trpc';

/** The cache key of the signed-in user; `null` data means nobody is signed in. */
export const userQueryKey = trpc.auth.session.queryKey();

export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    // auth.session answers a visitor with null rather than a 401, so a signed-out page logs no failed request.
    queryFn: (): Promise<PublicUser | null> => trpcClient.auth.session.query(),
    staleTime: 0,
  });
}

export function ensureUser(queryClient: QueryClient): Promise<PublicUser | null> {
  return queryClient.ensureQueryData(userQueryOptions());
}

export function setCachedUser(queryClient: QueryClient, user: PublicUser | null) {
  queryClient.setQueryData(userQueryKey, user);
}
