import { describe, expect, it } from 'vitest';
import { auditValue } from './admin';
import { formatDateTime } from './format';

describe('auditValue', () => {
  it('words a stored timestamp as the rest of the app words dates, not as ISO', () => {
    const shown = auditValue('subscriptionRenewalDate', '2026-12-25T14:53:17.526Z');
    expect(shown).toBe(formatDateTime('2026-12-25T14:53:17.526Z'));
    expect(shown).not.toMatch(/T\d\d:/);
  });

  it('keeps other values as words, and names a missing one', () => {
    expect(auditValue('subscriptionStatus', 'active')).toBe('active');
    expect(auditValue('name', '2026 budget')).toBe('2026 budget');
    expect(auditValue('maxSeats', 5)).toBe('5');
    expect(auditValue('isAdmin', true)).toBe('yes');
    expect(auditValue('subscriptionStatus', null)).toBe('none');
  });
});
