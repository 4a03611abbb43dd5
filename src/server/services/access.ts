import type { UserRow } from '../../../db/schema';
import { hasEditorAccess, suspendedTeamOf } from '../../shared/access';
import { fail } from '../errors';

export const SUBSCRIPTION_REQUIRED = 'An active subscription is required';

/** Reads the team on every check, so a change of its status or of its members applies on the next request. */
export type TeamLookup = (teamId: number) => Promise<{ name: string; subscriptionStatus: string } | undefined>;

export function createAccessService(findTeam: TeamLookup = async () => undefined) {
  return {
    /** Throws 403 SUBSCRIPTION_REQUIRED, or TEAM_SUSPENDED with the team's name. */
    async assertEditorAccess(user: UserRow): Promise<void> {
      const team = user.teamId != null ? await findTeam(user.teamId) : undefined;
      if (hasEditorAccess(user, team)) return;
      const suspended = suspendedTeamOf(user, team);
      if (suspended) {
        fail('FORBIDDEN', `Team "${suspended.name}" subscription is currently suspended. Get in touch with your team owner.`, {
          code: 'TEAM_SUSPENDED',
          teamName: suspended.name,
        });
      }
      fail('FORBIDDEN', SUBSCRIPTION_REQUIRED, { code: 'SUBSCRIPTION_REQUIRED' });
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
