import { DAY_MS, HOUR_MS, MINUTE_MS } from '~/shared/limits';
import { formatMonthDay } from '../format';
import { lazily } from '../lazily';

// Words in the interface's language, like 'just now' beside them; the date itself follows the browser's locale.
const relative = lazily(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

/** A conversation's time: relative within the last 24 hours ("5 minutes ago"), else "MMM d" ("Jun 5"). */
export function conversationTimeLabel(updatedAt: string | Date, now: number = Date.now()): string {
  const date = typeof updatedAt === 'string' ? new Date(updatedAt) : updatedAt;
  const age = now - date.getTime();
  if (Number.isNaN(age)) return '';
  if (age >= DAY_MS) return formatMonthDay(date);
  if (age < MINUTE_MS) return 'just now';
  if (age < HOUR_MS) return relative().format(-Math.floor(age / MINUTE_MS), 'minute');
  return relative().format(-Math.floor(age / HOUR_MS), 'hour');
}

/** What the sidebar search compares: the title or the time label, ignoring case. */
export function matchesConversation(query: string, title: string, timeLabel: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return title.toLowerCase().includes(q) || timeLabel.toLowerCase().includes(q);
}
