import { MONTH_FORMS, WEEKDAYS, monthName, MONTHS } from '../text/dates';
import type { Doc } from '../text/document';
import { tokensIn } from '../text/nlp';

/** A calendar date written in the copy ("Tuesday, Nov. 3, 2026", "April 2, 1936", "Aug. 5"). */
export interface DateMention {
  start: number;
  end: number;
  /** Zero-based month. */
  month: number;
  day: number;
  year: number | null;
  /** The weekday written with it, where it is and which (0 = Monday). */
  weekday: { start: number; end: number; index: number } | null;
  /** A birth date ("born April 2, 1936"): an event long before the story. */
  birth: boolean;
}

const DATE = new RegExp(
  `(?:\\b(${WEEKDAYS.join('|')}),?\\s+)?\\b(${MONTH_FORMS})\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4})\\b)?`,
  'g',
);

export function dateMentions(doc: Doc): DateMention[] {
  return doc.memo('story-dates', () => {
    const out: DateMention[] = [];
    for (const m of doc.text.matchAll(DATE)) {
      const name = monthName(m[2]!);
      const day = Number(m[3]);
      if (!name || day < 1 || day > 31) continue;
      const month = MONTHS.indexOf(name);
      const year = m[4] ? Number(m[4]) : null;
      if (year !== null && (year < 1700 || year > 2200)) continue;
      const dateStart = m.index + m[0].indexOf(m[2]!, m[1] ? m[1].length : 0);
      const weekday = m[1] ? { start: m.index, end: m.index + m[1].length, index: WEEKDAYS.indexOf(m[1]) } : null;
      const birth = /\bborn\s+(?:on\s+)?$/i.test(doc.text.slice(Math.max(0, dateStart - 12), dateStart));
      out.push({ start: dateStart, end: m.index + m[0].length, month, day, year, weekday, birth });
    }
    return out;
  });
}

export const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day));

/** "Founded in 1964": a sentence about something's beginning, whose date is history, not the story's. */
export const BEGINNINGS = new Set([
  'open',
  'found',
  'build',
  'establish',
  'start',
  'create',
  'launch',
  'incorporate',
  'begin',
  'form',
  'dedicate',
  'construct',
  'charter',
  'organize',
  'bear',
]);

/**
 * The date a story is read against: the latest full date it gives for its own
 * events (not a birth or a founding), else the clock. A later year elsewhere in the
 * copy shows that date is history too, and the clock is used.
 */
export function storyDate(doc: Doc): Date {
  return doc.memo('story-date', () => {
    const own = dateMentions(doc)
      .filter((d) => d.year !== null && !d.birth && !historical(doc, d.start))
      .map((d) => utc(d.year!, d.month, d.day));
    if (!own.length) return doc.now;
    const latest = new Date(Math.max(...own.map((d) => d.getTime())));
    const years = [...doc.text.matchAll(/\b(1[7-9]\d\d|2[01]\d\d)\b/g)].map((m) => Number(m[1]));
    return years.some((y) => y > latest.getUTCFullYear()) ? doc.now : latest;
  });
}

function historical(doc: Doc, at: number): boolean {
  const s = doc.sentenceAt(at);
  return Boolean(s && tokensIn(doc, s.start, s.end).some((t) => t.pos === 'VERB' && BEGINNINGS.has(t.lemma) && t.start < at));
}

/** Whole years from `from` to `to`. */
export function yearsBetween(from: Date, to: Date): number {
  let years = to.getUTCFullYear() - from.getUTCFullYear();
  if (to.getUTCMonth() < from.getUTCMonth() || (to.getUTCMonth() === from.getUTCMonth() && to.getUTCDate() < from.getUTCDate())) years--;
  return years;
}

/** Monday = 0, as `WEEKDAYS` counts. */
export const weekdayOf = (date: Date) => (date.getUTCDay() + 6) % 7;
