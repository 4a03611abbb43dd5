// Every date the app shows is worded here, in the browser's locale ("November 30, 2026" in en-US, "30 November
// 2026" in en-GB), so a toast and the page behind it never word one date two ways. The server sends ISO dates.
import { lazily } from './lazily';

const longDate = lazily(() => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric' }));
const longDateTime = lazily(
  () => new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
);
const monthDay = lazily(() => new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' }));

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day, e.g. "June 5, 2026"; null when there is none. */
export function formatLongDate(value: string | Date | null | undefined): string | null {
  const date = toDate(value);
  return date ? longDate().format(date) : null;
}

/** A day and its time to the minute, e.g. "June 5, 2026 at 3:04 PM"; the input itself when it is no date. */
export function formatDateTime(iso: string): string {
  const date = toDate(iso);
  return date ? longDateTime().format(date) : iso;
}

/** A day of this year or last, short, as the conversation list shows it ("Jun 5"); '' when there is none. */
export function formatMonthDay(value: string | Date): string {
  const date = toDate(value);
  return date ? monthDay().format(date) : '';
}
