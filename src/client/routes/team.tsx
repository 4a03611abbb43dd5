import { createRoute } from '@tanstack/react-router';
import { teamAccessQueryOptions } from '../lib/access';
import { titleHead } from '../lib/page-title';
import { trpc } from '../lib/trpc';
import { authedLayout } from './layouts';

export const teamRoute = createRoute({
  getParentRoute: () => authedLayout,
  path: '/team',
  head: titleHead('Team'),
  loader: async ({ context: { queryClient, user } }) => {
    if (user.teamId == null) return;
    const team = await queryClient.ensureQueryData(teamAccessQueryOptions(user.teamId));
    if (!team) return;
    await Promise.all([
      queryClient.ensureQueryData(trpc.team.members.queryOptions()),
      team.ownerId === user.id ? queryClient.ensureQueryData(trpc.team.invitations.queryOptions()) : null,
    ]);
  },
}).lazy(() => import('./team-page').then((m) => m.teamLazyRoute));
