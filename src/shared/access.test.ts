import { describe, expect, it } from 'vitest';
import { hasEditorAccess, suspendedTeamOf } from './access';

const member = (subscriptionStatus: string | null) => ({ subscriptionStatus, teamId: 4 });
const team = (subscriptionStatus: string | null) => ({ name: 'Metro Desk', subscriptionStatus });

describe('suspendedTeamOf', () => {
  it('names the suspended team of a member whose own plan does not let them in', () => {
    for (const own of [null, 'inactive', 'canceled', 'past_due']) {
      expect(suspendedTeamOf(member(own), team('suspended'))).toEqual(team('suspended'));
      expect(hasEditorAccess(member(own), team('suspended'))).toBe(false);
    }
  });

  it('names none when the member has their own plan, the team is not suspended, or there is no team', () => {
    expect(suspendedTeamOf(member('trialing'), team('suspended'))).toBeNull();
    expect(suspendedTeamOf(member('active'), team('suspended'))).toBeNull();
    for (const status of ['active', 'inactive', null]) expect(suspendedTeamOf(member(null), team(status))).toBeNull();
    expect(suspendedTeamOf(member(null), null)).toBeNull();
    expect(suspendedTeamOf({ subscriptionStatus: null, teamId: null }, team('suspended'))).toBeNull();
  });
});
