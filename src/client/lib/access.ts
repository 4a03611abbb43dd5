import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { hasEditorAccess, hasOwnSubscription } from '~/shared/access';
import type { Team } from '~/shared/schemas/team';
import type { PublicUser } from './api-types';
import { httpStatusOf } from './errors';
import { TEAM_FRESH_MS } from './team-display';
import { trpcClient } from './trpc';

/** Every cached team query starts with this, so one invalidation refreshes them all. */
export const teamQueryRoot = ['team'] as const;

/**
 * The user's team (null when the server finds none). Keyed by the team id the
 * user record carries, so joining, leaving or being moved starts a new entry;
 * fresh for 5 minutes, as the spec asks of the team query.
 */
export function teamAccessQueryOptions(teamId: number | null) {
  return queryOptions({
    queryKey: [...teamQueryRoot, teamId] as const,
    queryFn: async ({ signal }): Promise<Team | null> => {
      try {
        return await trpcClient.team.get.query(undefined, { signal });
      } catch (error) {
        if (httpStatusOf(error) === 404) return null;
        throw error;
      }
    },
    staleTime: TEAM_FRESH_MS,
  });
}

/** Fetches the team only when the user's own subscription does not already decide. */
export async function resolveEditorAccess(queryClient: QueryClient, user: PublicUser): Promise<boolean> {
  if (hasOwnSubscription(user)) return true;
  if (user.teamId == null) return false;
  const team = await queryClient.ensureQueryData(teamAccessQueryOptions(user.teamId));
  return hasEditorAccess(user, team);
}

export function useEditorAccess(user: PublicUser | null | undefined): { hasAccess: boolean; isLoading: boolean } {
  const needsTeam = !!user && !hasOwnSubscription(user) && user.teamId != null;
  const team = useQuery({ ...teamAccessQueryOptions(user?.teamId ?? null), enabled: needsTeam });
  if (!user) return { hasAccess: false, isLoading: false };
  return { hasAccess: hasEditorAccess(user, team.data), isLoading: needsTeam && team.isPending };
}

export type SignedInHome = '/admin' | '/chat' | '/subscribe';

/** Where a signed-in user belongs: admins to the console, subscribers to chat, everyone else to /subscribe. */
export async function homeFor(queryClient: QueryClient, user: PublicUser): Promise<SignedInHome> {
  if (user.isAdmin) return '/admin';
  return (await resolveEditorAccess(queryClient, user)) ? '/chat' : '/subscribe';
}
