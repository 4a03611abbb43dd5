import { defineRule, scan } from '../rule';
import type { Hit } from '../rule';

/** Words that make a capitalized season part of a name: the Winter Olympics, Spring Street, the Fall Festival. */
const SEASON_NAME_AFTER =
  /^\s+(?:\p{Lu}|Olympics|Games|Festival|Fest|Fair|Classic|Semester|Term|Session|Street|St\.|Avenue|Ave\.|Road|Lake|Hill|Creek|Park|Valley|Garden|Gardens|Collection|Show|Concert|League|Meeting)/u;
const NAMED_BEFORE =
  /(?:^|[^\p{L}])(?!(?:a|an|the|this|that|one|each|every|his|her|their|our|its|any|another|no)\s)\p{Ll}+\s+(?:\p{Lu}[\p{L}'’.-]*\s+){1,2}$/u;
const STREET_WORDS = 'street|avenue|road|boulevard|drive|lane|parkway|highway|court|place|terrace|way|circle|pike|trail';

/**
 * AP lowercases the seasons (last fall, the spring semester) unless they begin
 * a name, and capitalizes Street, Avenue and the like as part of a formal name
 * (Main Street), lowercasing them only when two names share one (Main and Elm streets).
 */
export const capitalization = defineRule({
  id: 'style/capitalization',
  category: 'style',
  explanation:
    'AP style lowercases seasons (last fall, this spring) and capitalizes Street, Avenue and Road as part of a name (Main Street), lowercase only in the plural (Main and Elm streets).',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    const seasons = scan(doc.outsideQuotes, /(?<![\p{L}])(Spring|Summer|Fall|Autumn|Winter)(?![\p{L}'’-])/gu, (m) => {
      if (doc.startsSentence(m.index) || doc.inLayout(m.index)) return null;
      const before = text.slice(Math.max(0, m.index - 20), m.index);
      const after = text.slice(m.index + m[0].length, m.index + m[0].length + 20);
      // a season word inside a name ("Palm Spring", "Kyle Winter") or opening one ("Winter Olympics")
      if (!/\b(?:last|this|next|the|in|of|early|late|mid|during|since|until|by|each|every|that|for|a|its|their|through)\s+$/i.test(before))
        return null;
      if (SEASON_NAME_AFTER.test(after) || /^\s*(?:\d|['’]\d)/.test(after)) return null; // "Fall 2025" is a catalog's term
      const right = m[0].toLowerCase();
      return { start: m.index, end: m.index + m[0].length, message: `AP lowercases seasons: "${right}".`, suggestion: right };
    });
    const streets = scan(doc.outsideQuotes, new RegExp(`(?<![\\p{L}])(?:${STREET_WORDS})(?![\\p{L}])`, 'gu'), (m) => {
      // after a lowercase word ("faces Main street"), never after an article: "a Chicago street" is a street in Chicago
      if (!NAMED_BEFORE.test(text.slice(Math.max(0, m.index - 50), m.index))) return null;
      const right = m[0][0]!.toUpperCase() + m[0].slice(1);
      return { start: m.index, end: m.index + m[0].length, message: `Part of the street's name: "${right}".`, suggestion: right };
    });
    return [...seasons, ...streets] as Hit[];
  },
});
