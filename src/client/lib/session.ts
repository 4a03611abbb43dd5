import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '~/shared/types';
import { isAuthError } from './errors';
import { trpc, trpcClient } from './trpc';

/** The cache key of the signed-in user; `null` data means nobody is signed in. */
export const userQueryKey = trpc.auth.me.queryKey();

export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: async (): Promise<PublicUser | null> => {
      try {
        return await trpcClient.auth.me.query();
      } catch (error) {
        if (isAuthError(error)) return null;
        throw error;
      }
    },
    staleTime: 0,
  });
}

export function ensureUser(queryClient: QueryClient): Promise<PublicUser | null> {
  return queryClient.ensureQueryData(userQueryOptions());
}

export function setCachedUser(queryClient: QueryClient, user: PublicUser | null) {
  queryClient.setQueryData(userQueryKey, user as PublicUser);
}
