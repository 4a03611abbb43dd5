import { defineRule, scan, wordRegex } from '../rule';

export const relativeDays = defineRule({
  id: 'style/relative-days',
  category: 'style',
  explanation:
    'AP style uses the day of the week (Tuesday) rather than yesterday, last night or tomorrow, because readers meet the story on another day.',
  autoFix: false,
  check(doc) {
    return scan(
      doc.outsideQuotes,
      wordRegex('yesterday|tomorrow|day before yesterday|day after tomorrow|last night|last evening|tomorrow night', 'giu'),
      (m) => ({
        start: m.index,
        end: m.index + m[0].length,
        message: `Replace "${m[0]}" with the day of the week.`,
        suggestion: null,
      }),
    );
  },
});
