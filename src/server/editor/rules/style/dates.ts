import { AP_MONTH_ABBR, monthName } from '../../text/dates';
import { defineRule, scan } from '../rule';

const DATE_RE =
  /(?<![\p{L}])(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)(\.?)(\s+)(\d{1,2})(st|nd|rd|th)?(?![\p{L}\p{N}])/gu;
const MONTH_ONLY_RE = /(?<![\p{L}])(Jan|Feb|Aug|Sept|Oct|Nov|Dec)\.(?!\s*\d{1,2}(?![\d]))/gu;

/** The AP form of a month used with a date: Jan., Feb., Aug., Sept., Oct., Nov., Dec.; March to July in full. */
export function apMonthWithDate(name: string): string {
  return AP_MONTH_ABBR[name] ?? name;
}

export const dates = defineRule({
  id: 'style/dates',
  category: 'style',
  explanation:
    'AP style abbreviates Jan., Feb., Aug., Sept., Oct., Nov. and Dec. with a specific date, never abbreviates March through July, spells out a month used alone, and writes the day as a figure with no st, nd, rd or th.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    const withDay = scan(text, DATE_RE, (m) => {
      const [whole, form, dot, space, day, suffix] = m as unknown as string[];
      const name = monthName(form!);
      if (!name) return null;
      if (form === 'May' && !dot && !suffix) return null;
      const right = `${apMonthWithDate(name)} ${day}`;
      const current = `${form}${dot}${space}${day}${suffix ?? ''}`;
      if (current === right || Number(day) > 31 || Number(day) === 0) return null;
      const problems: string[] = [];
      if (suffix) problems.push(`drop the "${suffix}"`);
      if (`${form}${dot}` !== apMonthWithDate(name))
        problems.push(apMonthWithDate(name) === name ? `spell out ${name}` : `abbreviate ${name} as ${apMonthWithDate(name)}`);
      if (problems.length === 0) return null;
      return { start: m.index, end: m.index + whole!.length, message: `Write "${right}": ${problems.join(' and ')}.`, suggestion: right };
    });
    const alone = scan(text, MONTH_ONLY_RE, (m) => {
      const name = monthName(m[1]!)!;
      return { start: m.index, end: m.index + m[0].length, message: `Spell out ${name} when it is used without a date.`, suggestion: name };
    });
    return [...withDay, ...alone];
  },
});
