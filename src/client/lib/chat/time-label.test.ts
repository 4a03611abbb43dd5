import { describe, expect, it } from 'vitest';
import { conversationTimeLabel, matchesConversation } from './time-label';

const NOW = Date.parse('2026-06-05T15:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('conversationTimeLabel', () => {
  it('is relative within 24 hours', () => {
    expect(conversationTimeLabel(ago(10_000), NOW)).toBe('just now');
    expect(conversationTimeLabel(ago(5 * 60_000), NOW)).toBe('5 minutes ago');
    expect(conversationTimeLabel(ago(60 * 60_000), NOW)).toBe('1 hour ago');
    expect(conversationTimeLabel(ago(23 * 3_600_000 + 59 * 60_000), NOW)).toBe('23 hours ago');
  });

  it('is "MMM d" from 24 hours on', () => {
    expect(conversationTimeLabel('2026-05-20T12:00:00', NOW)).toBe('May 20');
    expect(conversationTimeLabel(new Date(NOW - 24 * 3_600_000), NOW)).toMatch(/^Jun [45]$/);
  });
});

describe('matchesConversation', () => {
  it('matches the title or the time label, ignoring case', () => {
    expect(matchesConversation('BUDGET', 'City budget vote', 'May 20')).toBe(true);
    expect(matchesConversation('may 2', 'City budget vote', 'May 20')).toBe(true);
    expect(matchesConversation('hours', 'Lede', '3 hours ago')).toBe(true);
    expect(matchesConversation('school', 'City budget vote', 'May 20')).toBe(false);
    expect(matchesConversation('  ', 'anything', 'May 20')).toBe(true);
  });
});
