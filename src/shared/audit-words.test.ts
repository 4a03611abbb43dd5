import { describe, expect, it } from 'vitest';
import { auditChangeWords, auditFieldLabel, auditValueWords } from './audit-words';

describe('audit words', () => {
  it('names the fields an admin change records, and any other field as words', () => {
    expect(auditFieldLabel('subscriptionStatus')).toBe('Subscription');
    expect(auditFieldLabel('isAdmin')).toBe('Admin');
    expect(auditFieldLabel('maxSeats')).toBe('Seats');
    expect(auditFieldLabel('seatChangeReason')).toBe('Seat change reason');
    expect(auditFieldLabel('team_role')).toBe('Team role');
  });

  it('says yes and no, none for a missing value, the plan by its name and ids as what they point to', () => {
    expect(auditValueWords('isAdmin', true)).toBe('yes');
    expect(auditValueWords('isAdmin', false)).toBe('no');
    expect(auditValueWords('subscriptionStatus', null)).toBe('none');
    expect(auditValueWords('email', '')).toBe('none');
    expect(auditValueWords('subscriptionPlan', 'professional')).toBe('Professional Editor');
    expect(auditValueWords('subscriptionPlan', 'Newsroom')).toBe('Newsroom');
    expect(auditValueWords('ownerId', 12)).toBe('user #12');
    expect(auditValueWords('teamId', 3)).toBe('team #3');
    expect(auditValueWords('maxSeats', 5)).toBe('5');
    expect(auditValueWords('subscriptionRenewalDate', '2026-04-01T09:00:00.000Z')).toBe('2026-04-01T09:00:00.000Z');
    expect(auditValueWords('extra', { a: 1 })).toBe('{"a":1}');
  });

  it('turns an entry into one line per field, in the recorded order', () => {
    expect(
      auditChangeWords({
        subscriptionStatus: { before: 'inactive', after: 'active' },
        isAdmin: { before: false, after: true },
      }),
    ).toEqual([
      { field: 'subscriptionStatus', label: 'Subscription', from: 'inactive', to: 'active' },
      { field: 'isAdmin', label: 'Admin', from: 'no', to: 'yes' },
    ]);
    expect(auditChangeWords({})).toEqual([]);
  });
});
