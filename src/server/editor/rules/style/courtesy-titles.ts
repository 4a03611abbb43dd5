import { defineRule, scan } from '../rule';

export const courtesyTitles = defineRule({
  id: 'style/courtesy-titles',
  category: 'style',
  explanation: 'AP style does not use courtesy titles such as Mr., Mrs., Ms. or Miss: use the full name first, then the last name alone.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    const RE = /(?<![\p{L}])(Mr\.?|Mrs\.?|Ms\.?|Messrs\.|Mmes\.|Miss)\s+(\p{Lu}(?:[\p{L}-]|['’](?!s\b))+)/gu;
    // AP keeps courtesy titles where two people share a surname (Mr. Lee and Mrs. Lee): dropping them would merge the two
    const titlesBySurname = new Map<string, Set<string>>();
    for (const m of text.matchAll(RE)) titlesBySurname.set(m[2]!, (titlesBySurname.get(m[2]!) ?? new Set()).add(m[1]!.replace(/\.$/, '')));
    const doctors = scan(text, /(?<![\p{L}])Dr\.\s+(\p{Lu}[\p{L}'’-]+)(?![\p{L}'’-]|\s+\p{Lu})/gu, (m) => {
      const surname = m[1]!;
      // AP keeps "Dr." on a physician's first reference only; later the surname stands alone
      const earlier = text.slice(0, m.index);
      const full = new RegExp(`\\p{Lu}[\\p{L}.'’-]*\\s+(?:\\p{Lu}\\.\\s+)?${surname}(?![\\p{L}])`, 'u');
      if (!full.test(earlier)) return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `On later references use the last name alone: "${surname}".`,
        suggestion: surname,
        explanation: 'AP style uses "Dr." only on a physician\'s first reference; on later references the last name stands alone.',
      };
    });
    return [
      ...doctors,
      ...scan(text, RE, (m) => {
        const title = m[1]!;
        if (title === 'Miss' && /\p{Lu}[\p{L}.]*,\s*$/u.test(text.slice(Math.max(0, m.index - 30), m.index))) return null;
        if (/^(Mr|Mrs|Ms)$/.test(title) && !/^\s/.test(text.slice(m.index + title.length))) return null;
        // part of a name: the Miss Worcester Diner, the Mr. Rogers show, Miss America
        if (/\bthe\s+$/i.test(text.slice(Math.max(0, m.index - 4), m.index))) return null;
        if (title === 'Miss' && /^(America|USA|Universe|World|Teen|Earth|International)$/.test(m[2]!)) return null;
        const shared = (titlesBySurname.get(m[2]!)?.size ?? 0) > 1;
        return {
          start: m.index,
          end: m.index + m[0].length,
          message: shared
            ? `Courtesy title "${title}": AP keeps it only to tell apart two people named ${m[2]}; otherwise use full names.`
            : `Drop the courtesy title "${title}".`,
          suggestion: shared ? null : m[2]!,
        };
      }),
    ];
  },
});
