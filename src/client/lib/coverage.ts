import { useQuery } from '@tanstack/react-query';
import { hasOwnSubscription } from '~/shared/access';
import type { Team } from '~/shared/schemas/team';
import type { PersonalPlanChange } from '~/shared/schemas/subscription';
import type { PublicUser } from './api-types';
import { teamAccessQueryOptions } from './access';

/** An active team covering its member: the one coverage shown wherever a plan is. */
export interface TeamCover {
  teamName: string;
  plan: string | null;
  renewalDate: string | null;
}

export const coveredByLabel = (teamName: string) => `Covered by ${teamName}`;

export function teamCover(user: Pick<PublicUser, 'teamId'>, team: Team | null | undefined): TeamCover | null {
  if (user.teamId == null || !team || team.subscriptionStatus !== 'active') return null;
  return { teamName: team.name, plan: team.subscriptionPlan, renewalDate: team.subscriptionRenewalDate };
}

/** The user's team cover, from the cached team query; null while it loads or when none. */
export function useTeamCover(user: PublicUser): TeamCover | null {
  const team = useQuery({ ...teamAccessQueryOptions(user.teamId), enabled: user.teamId != null });
  return teamCover(user, team.data);
}

/** What the owner is told before subscribing the team while a plan of their own runs; null when none runs. */
export function personalPlanNotice(user: PublicUser): string | null {
  if (!hasOwnSubscription(user) || user.cancelAtPeriodEnd) return null;
  return user.subscriptionStatus === 'trialing'
    ? 'Your personal trial ends as soon as the team’s subscription starts, and you will not be charged for it.'
    : 'Your personal plan will not renew: you keep it to the end of the period you paid for, and the team covers you from then on.';
}

/** The answer's own words as a sentence, then what became of the caller's own plan. */
export const withPersonalPlan = (message: string, personalPlan?: PersonalPlanChange) =>
  personalPlan ? `${message.replace(/[.!]?$/, '.')} ${personalPlan.message}` : message;
