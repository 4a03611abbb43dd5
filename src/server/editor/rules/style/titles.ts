import { defineRule, scan } from '../rule';

const ABBR: Record<string, string> = {
  'Lieutenant Governor': 'Lt. Gov.',
  Governor: 'Gov.',
  Senator: 'Sen.',
  Representative: 'Rep.',
  Sergeant: 'Sgt.',
  Lieutenant: 'Lt.',
};

export const titles = defineRule({
  id: 'style/titles',
  category: 'style',
  explanation: 'AP style abbreviates Gov., Lt. Gov., Sen., Rep., Sgt. and Lt. when the title comes before a full name.',
  autoFix: true,
  check(doc) {
    return scan(
      doc.outsideQuotes,
      /(?<![\p{L}])(Lieutenant Governor|Governor|Senator|Representative|Sergeant|Lieutenant)(?= \p{Lu}[\p{L}'’-]+ \p{Lu}[\p{L}'’-]+)/gu,
      (m) => {
        if (/\b(a|an)\s+$/i.test(doc.text.slice(Math.max(0, m.index - 4), m.index))) return null;
        const after = doc.text.slice(m.index + m[0].length, m.index + m[0].length + 60);
        // a compound rank (Sergeant Major, Lieutenant Colonel) has its own abbreviation
        if (/^ (?:Major|First|Master|Staff|Command|Colonel|Commander|General|Junior|Governor)\b/.test(after)) return null;
        // a place named for someone: the Governor Thomas Johnson Bridge
        if (
          /^ (?:\p{Lu}[\p{L}'’.-]* ){1,3}(?:Bridge|Highway|Building|School|Park|Center|Hall|Airport|Memorial|Library|Expressway|Parkway|Street|Avenue)\b/u.test(
            after,
          )
        )
          return null;
        const right = ABBR[m[1]!]!;
        return {
          start: m.index,
          end: m.index + m[1]!.length,
          message: `Abbreviate the title before a name: "${right}".`,
          suggestion: right,
        };
      },
    );
  },
});
