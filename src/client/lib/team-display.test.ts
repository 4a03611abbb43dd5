import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '~/shared/limits';
import {
  daysLeftLabel,
  defaultTeamName,
  invitationDaysLeft,
  isInvitationUrgent,
  seatsFull,
  teamPlanLabel,
  teamRenewal,
} from './team-display';

const now = Date.UTC(2026, 4, 1, 12);
const inMs = (ms: number) => new Date(now + ms).toISOString();

describe('pending invitation days left', () => {
  it('rounds a part day up', () => {
    expect(invitationDaysLeft(inMs(7 * DAY_MS), now)).toBe(7);
    expect(invitationDaysLeft(inMs(6 * DAY_MS + HOUR_MS), now)).toBe(7);
    expect(invitationDaysLeft(inMs(2 * DAY_MS + 1), now)).toBe(3);
    expect(invitationDaysLeft(inMs(60_000), now)).toBe(1);
  });

  it('is 0 once expired', () => {
    expect(invitationDaysLeft(inMs(0), now)).toBe(0);
    expect(invitationDaysLeft(inMs(-DAY_MS), now)).toBe(0);
    expect(daysLeftLabel(0)).toBe('Expired');
    expect(daysLeftLabel(1)).toBe('1 day left');
    expect(daysLeftLabel(4)).toBe('4 days left');
  });

  it('turns red at 3 days or fewer', () => {
    expect(isInvitationUrgent(invitationDaysLeft(inMs(3 * DAY_MS + 1), now))).toBe(false);
    expect(isInvitationUrgent(invitationDaysLeft(inMs(3 * DAY_MS), now))).toBe(true);
    expect(isInvitationUrgent(0)).toBe(true);
  });
});

describe('team display', () => {
  it('names a new team after its owner', () => {
    expect(defaultTeamName('maria')).toBe("maria's Team");
  });

  it('counts the seats as full at or above the maximum', () => {
    expect(seatsFull({ usedSeats: 4, maxSeats: 5 })).toBe(false);
    expect(seatsFull({ usedSeats: 5, maxSeats: 5 })).toBe(true);
    expect(seatsFull({ usedSeats: 6, maxSeats: 5 })).toBe(true);
  });
});

describe('the team card', () => {
  it('names the plan, or says the team has none yet', () => {
    expect(teamPlanLabel('professional')).toBe('Professional Editor');
    expect(teamPlanLabel(null)).toBe('No plan yet');
    expect(teamPlanLabel('')).toBe('No plan yet');
  });

  it('tells when an active plan renews, when one ended, and nothing without a date', () => {
    expect(teamRenewal({ status: 'active', renewalDate: inMs(10 * DAY_MS) }, now)).toEqual({ label: 'Renews on', date: 'May 11, 2026' });
    expect(teamRenewal({ status: 'inactive', renewalDate: inMs(-DAY_MS) }, now)).toEqual({ label: 'Ended on', date: 'April 30, 2026' });
    expect(teamRenewal({ status: 'suspended', renewalDate: inMs(DAY_MS) }, now)?.label).toBe('Renewal date');
    expect(teamRenewal({ status: 'active', renewalDate: null }, now)).toBeNull();
    expect(teamRenewal({ status: 'active', renewalDate: inMs(10 * DAY_MS), cancelAtPeriodEnd: true }, now)).toEqual({
      label: 'Ends on',
      date: 'May 11, 2026',
    });
    expect(teamRenewal({ status: 'active', renewalDate: inMs(-DAY_MS), cancelAtPeriodEnd: true }, now)?.label).toBe('Ended on');
    expect(teamRenewal({ status: null, renewalDate: null }, now)).toBeNull();
  });
});
