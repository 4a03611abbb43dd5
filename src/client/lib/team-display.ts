import { DAY_MS } from '~/shared/limits';
import { planDisplayName } from '~/shared/plan';
import { formatLongDate } from './format';

export const TEAM_FRESH_MS = 5 * 60_000;

/** At this many days left or fewer, a pending invitation's badge turns red. */
export const INVITATION_URGENT_DAYS = 3;

export const TEAM_TOASTS = {
  acceptFailed: 'Failed to accept invitation',
  declineFailed: 'Failed to decline invitation',
  createFailed: 'Failed to create team',
  inviteFailed: 'Failed to send invitation',
  removeFailed: 'Failed to remove member',
  cancelFailed: 'Failed to cancel invitation',
  resendFailed: 'Failed to resend invitation',
  leaveFailed: 'Failed to leave team',
  transferFailed: 'Failed to transfer ownership',
  copyLinkFailed: 'Failed to copy invitation link',
  roleFailed: 'Failed to change role',
} as const;

export function defaultTeamName(username: string): string {
  return `${username}'s Team`;
}

/** Whole days an invitation has left, rounded up; 0 once it has expired. */
export function invitationDaysLeft(expiresAt: string | Date, now: number): number {
  const left = new Date(expiresAt).getTime() - now;
  return left <= 0 ? 0 : Math.ceil(left / DAY_MS);
}

export function isInvitationUrgent(daysLeft: number): boolean {
  return daysLeft <= INVITATION_URGENT_DAYS;
}

export function daysLeftLabel(daysLeft: number): string {
  if (daysLeft === 0) return 'Expired';
  return daysLeft === 1 ? '1 day left' : `${daysLeft} days left`;
}

export function seatsFull(team: { usedSeats: number; maxSeats: number }): boolean {
  return team.usedSeats >= team.maxSeats;
}

/** The team card's plan: its name, or that the team has none yet. */
export function teamPlanLabel(plan: string | null): string {
  return plan ? planDisplayName(plan) : 'No plan yet';
}

/** The team card's line about the subscription's end of period; none when there is no date to tell. */
export function teamRenewal(
  o: { status: string | null; renewalDate: string | null; cancelAtPeriodEnd?: boolean },
  now: number,
): { label: string; date: string } | null {
  const date = formatLongDate(o.renewalDate);
  if (!date || !o.renewalDate) return null;
  if (new Date(o.renewalDate).getTime() <= now) return { label: 'Ended on', date };
  if (o.status !== 'active') return { label: 'Renewal date', date };
  return { label: o.cancelAtPeriodEnd ? 'Ends on' : 'Renews on', date };
}
