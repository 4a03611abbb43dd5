import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { hasEditorAccess, hasOwnSubscription, type AccessTeam } from '~/shared/access';
import type { PublicUser } from '~/shared/types';

const TEAM_FRESH_MS = 5 * 60_000;

/**
 * The team that may cover a member's access. This is the one place the team
 * fetch plugs in: until the team API exists a member has no team cover, so
 * the query answers null and the member is sent to /subscribe.
 */
export function teamAccessQueryOptions(teamId: number | null) {
  return queryOptions({
    queryKey: ['team-access', teamId] as const,
    queryFn: async (): Promise<AccessTeam | null> => null,
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
