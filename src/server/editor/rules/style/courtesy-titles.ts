import { defineRule, scan } from '../rule';

export const courtesyTitles = defineRule({
  id: 'style/courtesy-titles',
  category: 'style',
  explanation: 'AP style does not use courtesy titles such as Mr., Mrs., Ms. or Miss: use the full name first, then the last name alone.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    return scan(text, /(?<![\p{L}])(Mr\.?|Mrs\.?|Ms\.?|Messrs\.|Mmes\.|Miss)\s+(\p{Lu}(?:[\p{L}-]|['’](?!s\b))+)/gu, (m) => {
      const title = m[1]!;
      if (title === 'Miss' && /\p{Lu}[\p{L}.]*,\s*$/u.test(text.slice(Math.max(0, m.index - 30), m.index))) return null;
      if (/^(Mr|Mrs|Ms)$/.test(title) && !/^\s/.test(text.slice(m.index + title.length))) return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `Drop the courtesy title "${title}".`,
        suggestion: m[2]!,
      };
    });
  },
});
