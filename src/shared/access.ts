export interface AccessUser {
  subscriptionStatus: string | null;
  teamId: number | null;
}

export interface AccessTeam {
  subscriptionStatus: string | null;
}

export function hasOwnSubscription(user: AccessUser): boolean {
  return user.subscriptionStatus === 'active' || user.subscriptionStatus === 'trialing';
}

/** The one rule for using the editor: own active/trialing plan, or an active team. */
export function hasEditorAccess(user: AccessUser, team: AccessTeam | null | undefined): boolean {
  if (hasOwnSubscription(user)) return true;
  return user.teamId != null && team?.subscriptionStatus === 'active';
}

/**
 * The team whose suspension keeps the user out of the editor, or null: none when their own plan
 * lets them in, or when the team is not suspended. The 403 and every page that explains it ask this.
 */
export function suspendedTeamOf<T extends AccessTeam>(user: AccessUser, team: T | null | undefined): T | null {
  if (hasOwnSubscription(user) || user.teamId == null || !team) return null;
  return team.subscriptionStatus === 'suspended' ? team : null;
}
