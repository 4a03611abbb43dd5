export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** AP abbreviations used with a specific date; March to July are never abbreviated. */
export const AP_MONTH_ABBR: Record<string, string> = {
  January: 'Jan.',
  February: 'Feb.',
  August: 'Aug.',
  September: 'Sept.',
  October: 'Oct.',
  November: 'Nov.',
  December: 'Dec.',
};
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** Any written form of a month, abbreviated or not, as a regex source. */
export const MONTH_FORMS =
  '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\\.?';

/** The full month name for any form ("Sept." → "September"). */
export function monthName(form: string): string | null {
  const f = form.replace(/\.$/, '').toLowerCase();
  return (
    MONTHS.find(
      (m) => m.toLowerCase() === f || (m.toLowerCase().startsWith(f.slice(0, 3)) && f.length >= 3 && m.toLowerCase().startsWith(f)),
    ) ?? null
  );
}
