import { defineRule, scan } from '../rule';
import type { Hit } from '../rule';

/** AP's traditional state abbreviations and the postal codes, with the full names AP now wants in body text. */
const AP_ABBR: Record<string, string> = {
  'Ala.': 'Alabama',
  'Ariz.': 'Arizona',
  'Ark.': 'Arkansas',
  'Calif.': 'California',
  'Colo.': 'Colorado',
  'Conn.': 'Connecticut',
  'Del.': 'Delaware',
  'Fla.': 'Florida',
  'Ga.': 'Georgia',
  'Ill.': 'Illinois',
  'Ind.': 'Indiana',
  'Kan.': 'Kansas',
  'Ky.': 'Kentucky',
  'La.': 'Louisiana',
  'Md.': 'Maryland',
  'Mass.': 'Massachusetts',
  'Mich.': 'Michigan',
  'Minn.': 'Minnesota',
  'Miss.': 'Mississippi',
  'Mo.': 'Missouri',
  'Mont.': 'Montana',
  'Neb.': 'Nebraska',
  'Nev.': 'Nevada',
  'N.H.': 'New Hampshire',
  'N.J.': 'New Jersey',
  'N.M.': 'New Mexico',
  'N.Y.': 'New York',
  'N.C.': 'North Carolina',
  'N.D.': 'North Dakota',
  'Okla.': 'Oklahoma',
  'Ore.': 'Oregon',
  'Pa.': 'Pennsylvania',
  'R.I.': 'Rhode Island',
  'S.C.': 'South Carolina',
  'S.D.': 'South Dakota',
  'Tenn.': 'Tennessee',
  'Vt.': 'Vermont',
  'Va.': 'Virginia',
  'Wash.': 'Washington',
  'W.Va.': 'West Virginia',
  'Wis.': 'Wisconsin',
  'Wyo.': 'Wyoming',
};
const POSTAL: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** Postal codes that are also degrees or professional credentials after a name. */
const CREDENTIAL_LIKE = new Set(['MD', 'PA', 'MA', 'MS', 'DO']);

const abbrSource = Object.keys(AP_ABBR)
  .sort((a, b) => b.length - a.length)
  .map((a) => a.replace(/\./g, '\\.'))
  .join('|');
const ABBR_RE = new RegExp(`(?<![\\p{L}.-])(${abbrSource})(?![\\p{L}])`, 'gu');
const POSTAL_RE = new RegExp(
  `(?<=\\p{Lu}[\\p{L}.'’-]*,\\s)(${Object.keys(POSTAL).join('|')})(?=[,.;:)]|\\s+\\d{5}|\\s+\\p{Ll}|\\s*$)`,
  'gu',
);

const STATE_NAME = [...new Set(Object.values(POSTAL))].join('|');
/** The second of two states: "in Pennsylvania and N.H." */
const AFTER_STATE = new RegExp(`\\b(?:${STATE_NAME})\\s+(?:and|or)\\s+$`);

export const stateNames = defineRule({
  id: 'style/state-names',
  category: 'style',
  explanation:
    'AP style spells out state names in the body of a story, alone or after a city (Fresno, California), except in datelines (SPRINGFIELD, Ill. (AP) —) and party affiliations such as D-Calif.',
  autoFix: true,
  check(doc) {
    const { text } = doc;
    const hits: Hit[] = scan(text, ABBR_RE, (m) => {
      const abbr = m[1]!;
      if (doc.inLayout(m.index)) return null; // a dateline keeps AP's abbreviation
      const before = text.slice(Math.max(0, m.index - 40), m.index);
      const afterCity = /\p{Lu}[\p{L}.'’-]*,\s+$/u.test(before);
      const afterPreposition =
        /\b(in|from|of|to|near|across|outside|throughout|as|into|between|through|than|via)\s+$/.test(before) || AFTER_STATE.test(before);
      if (!afterCity && !afterPreposition) return null;
      if (abbr === 'Miss.' && !afterCity) return null; // a courtesy title, not the state
      const name = AP_ABBR[abbr]!;
      return { start: m.index, end: m.index + abbr.length, message: `Spell out "${name}" in body text.`, suggestion: name };
    });
    hits.push(
      ...scan(text, POSTAL_RE, (m) => {
        if (doc.inLayout(m.index)) return null;
        const code = m[1]!;
        return {
          start: m.index,
          end: m.index + code.length,
          message: `Spell out "${POSTAL[code]}"; postal codes are for mailing addresses.`,
          // after a name these are as often credentials (Jane Roe, MD; John Doe, PA) as states
          suggestion: CREDENTIAL_LIKE.has(code) ? null : POSTAL[code]!,
        };
      }),
    );
    return hits;
  },
});
