import { dateMentions, storyDate, utc, weekdayOf } from '../../story/story-date';
import { WEEKDAYS } from '../../text/dates';
import { defineRule, type Hit } from '../rule';

const DAY = 86_400_000;
/** A date without a year is placed in the year nearest the story's date only when it falls this close to it. */
const SURE_WITHIN_DAYS = 120;
/** Days behind and ahead of today a yearless date must fall for a story without a date of its own. */
const CLOCK_WINDOW_DAYS = [14, 180] as const;

export const weekdayDate = defineRule({
  id: 'consistency/weekday-date',
  category: 'consistency',
  explanation: 'A weekday written with a date is the day that date falls on.',
  autoFix: false,
  check(doc) {
    const ref = storyDate(doc);
    const hits: Hit[] = [];
    for (const d of dateMentions(doc)) {
      if (!d.weekday) continue;
      let date: Date | null;
      if (d.year !== null) date = utc(d.year, d.month, d.day);
      else {
        // copy read against the clock is about last week or the months ahead; older copy may be from another year
        const [behind, ahead] = ref === doc.now ? CLOCK_WINDOW_DAYS : [SURE_WITHIN_DAYS, SURE_WITHIN_DAYS];
        const y = ref.getUTCFullYear();
        date =
          [y - 1, y, y + 1]
            .map((year) => utc(year, d.month, d.day))
            .find((c) => c.getTime() >= ref.getTime() - behind * DAY && c.getTime() <= ref.getTime() + ahead * DAY) ?? null;
      }
      if (!date || date.getUTCDate() !== d.day) continue;
      const actual = weekdayOf(date);
      if (actual === d.weekday.index) continue;
      const written = doc.text.slice(d.start, d.end);
      hits.push({
        start: d.weekday.start,
        end: d.weekday.end,
        message:
          d.year !== null
            ? `${written} is a ${WEEKDAYS[actual]}, not a ${WEEKDAYS[d.weekday.index]}.`
            : `${written} falls on a ${WEEKDAYS[actual]} in ${date.getUTCFullYear()}, not a ${WEEKDAYS[d.weekday.index]}.`,
        related: { start: d.start, end: d.end },
      });
    }
    return hits;
  },
});
