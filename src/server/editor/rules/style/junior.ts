import { defineRule, scan } from '../rule';

export const junior = defineRule({
  id: 'style/junior',
  category: 'style',
  explanation: 'AP style puts no comma before Jr. or Sr. in a name: Martin Luther King Jr.',
  autoFix: true,
  check(doc) {
    // the lookbehind runs at every position: most copy has no Jr. or Sr. at all
    if (!doc.text.includes('Jr.') && !doc.text.includes('Sr.')) return [];
    return scan(doc.text, /(?<=\p{Lu}[\p{L}'’-]+),\s(Jr\.|Sr\.)/gu, (m) => ({
      start: m.index,
      end: m.index + m[0].length,
      message: `No comma before "${m[1]}".`,
      suggestion: ` ${m[1]}`,
    }));
  },
});
