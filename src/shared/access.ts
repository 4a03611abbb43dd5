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
