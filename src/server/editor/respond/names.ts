import { buildDocument } from '../text/document';
import { tokens, type Token } from '../text/nlp';
import { escapeRegExp } from '../text/words';

const NOT_FIRST_WORDS = new Set(
  'The A An In On At But And After Before When While If As For From With By Of To Police Chief Mayor Judge City County State Council North South East West New Old Main Saint St Mr Mrs Ms Dr Gov Sen Rep Officer Sgt Lt Capt Det Superintendent Commissioner President Director Coach Owner Bartender Manager Professor Councilman Councilwoman Councilmember Attorney Prosecutor Sheriff Deputy Trooper Principal'.split(
    ' ',
  ),
);
const NOT_SURNAMES = new Set(
  'Street Avenue Road Boulevard Drive Lane Way Park County City Council Department Hospital Police School University College Board Court Church Center Centre Company Inc Corp Bank Club Hall House Office Service Services Authority Commission Committee District Institute Association Airport Station Bridge River Lake Valley Mountain Island Jail Prison Market Foundation Fund Group Times Post News Foods Industries Systems Partners Holdings Motors Labs Media Energy Health Capital Technologies Solutions Bakery Farms Construction Realty Properties Airlines Insurance Restaurant Cafe Diner Grill Store Stores Mall Theater Theatre Library Museum Society Union Alliance League Arena Stadium Gym Kettle Tavern Pub Inn Hotel Motel Clinic Pharmacy Network Project Program Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December'.split(
    ' ',
  ),
);
const CAPITALISED_RUN = /(?<![\p{L}'’-])\p{Lu}[\p{Ll}'’-]+(?:\s+(?:\p{Lu}\.\s+)?\p{Lu}[\p{Ll}'’-]+)+(?![\p{L}])/gu;

export interface PersonName {
  /** "Ana Ruiz" (titles before the first name left out). */
  full: string;
  surname: string;
  start: number;
}

/** What a person does in copy and a place or an institution does not: says, tells, writes. */
const SPEAKS = /^(?:,\s*\d{1,3},)?\s*(?:said|says|told|tells|added|wrote|testified|recalled|explained|asked|argued)\b|^,\s*who\b/;
/** A role in apposition after a name: "Park, the director", "Ruiz, 41,", "Lund, a former banker". */
const ROLE_AFTER =
  /^,\s+(?:\d{1,3}\s*,|(?:the|a|an|its|our|their)\s+(?:[\p{Ll}-]+\s+){0,3}?[\p{Ll}-]+(?:\s+(?:of|for|at)\b|\s*[,.]|\s+since\b))/u;

/**
 * Whether the copy treats a name as a person's, from its context rather than a
 * list of names: a title or role before it ("library director Susan Park", the
 * tagger's common noun just before the name), a role or an age in apposition after
 * it ("Park, the director"), or the name (or its surname alone) saying something;
 * never a name just after a preposition of place ("at Lincoln Park").
 */
function actsAsPerson(text: string, tagged: readonly Token[], start: number, end: number, surname: string): boolean {
  const before = [...tagged].reverse().find((t) => t.end <= start);
  if (before && before.pos === 'NOUN' && /^\p{Ll}/u.test(before.text) && /^\s+$/.test(text.slice(before.end, start))) return true;
  // "at Lincoln Park": a name right after a preposition of place is where something happens
  if (before && before.pos === 'ADP' && /^(?:at|in|near|on|outside|inside|across|along|to|toward|into|through)$/i.test(before.text))
    return false;
  if (SPEAKS.test(text.slice(end)) || ROLE_AFTER.test(text.slice(end))) return true;
  const alone = new RegExp(`(?<![\\p{L}'’-])${escapeRegExp(surname)}(?![\\p{L}'’-])`, 'gu');
  for (const m of text.matchAll(alone)) {
    const after = text.slice(m.index + surname.length);
    if (m.index !== end - surname.length && (SPEAKS.test(after) || ROLE_AFTER.test(after))) return true;
  }
  return false;
}

/**
 * People named in full: a run of capitalised words the copy treats as a person
 * (see actsAsPerson), or, with no such sign, whose last word is not a place or an
 * institution ("Police Chief Ana Ruiz" → Ana Ruiz; "Marlow General Hospital" is no
 * one). It errs towards finding too few.
 */
export function personNames(text: string): PersonName[] {
  const out: PersonName[] = [];
  let tagged: Token[] | null = null;
  for (const m of text.matchAll(CAPITALISED_RUN)) {
    // "the Copper Kettle", "The Marlow Times": a name after "the" is a place or an institution
    if (/^The\s/.test(m[0]) || /\bthe\s+$/i.test(text.slice(Math.max(0, m.index - 4), m.index))) continue;
    const parts = m[0].split(/\s+/).filter((w) => !/^\p{Lu}\.$/u.test(w));
    const surname = parts.at(-1)!.replace(/['’]s$/, '');
    if (surname.length <= 2) continue;
    // "Utilities Director Sam Ortega" → Sam Ortega; a middle name only in a bare three-word name ("Mary Ann Smith")
    let first = Math.max(0, parts.length - 2);
    if (parts.length === 3 && !NOT_FIRST_WORDS.has(parts[0]!)) first = 0;
    if (NOT_FIRST_WORDS.has(parts[first]!)) continue;
    const name = parts
      .slice(first)
      .join(' ')
      .replace(/['’]s$/, '');
    const start = m.index + m[0].lastIndexOf(parts[first]!, m[0].length - surname.length - 1);
    if (NOT_SURNAMES.has(surname)) {
      // "Susan Park" is a person when the copy treats her as one; "Lincoln Park" is not
      tagged ??= tokens(buildDocument(text));
      if (!actsAsPerson(text, tagged, start, start + name.length, surname)) continue;
    }
    out.push({ full: name, surname, start });
  }
  return out;
}

const ATTRIBUTION = /\b(?:said|says|told|added|wrote|testified|recalled|explained|asked|according to)\b/gi;

/**
 * The people the copy attributes something to: a name just before or just after
 * an attribution verb ("Police Chief Ana Ruiz said", "said bartender Lisa Crane",
 * "Ruiz said" for someone named in full earlier).
 */
export function namedSpeakers(text: string): string[] {
  const people = personNames(text);
  const bySurname = new Map(people.map((p) => [p.surname, p.full]));
  const out: string[] = [];
  for (const m of text.matchAll(ATTRIBUTION)) {
    const before = text.slice(Math.max(0, m.index - 60), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 60);
    const near = people.find(
      (p) =>
        p.start >= m.index - 60 &&
        p.start < m.index &&
        /^[\p{L}\s.'’-]*,?(?:\s[^.]{0,40},)?\s*$/u.test(text.slice(p.start + p.full.length, m.index)),
    );
    if (near) {
      out.push(near.full);
      continue;
    }
    const next = after.match(/^\s+(?:[\p{Ll}]+\s+){0,4}?((?:\p{Lu}[\p{L}'’-]+\s+)*\p{Lu}[\p{L}'’-]+)/u);
    // "Park said", or "Park, the director since 2011, said"
    const lone = before.match(/(\p{Lu}[\p{L}'’-]+)(?:,\s[^.,]{1,40},)?\s*$/u);
    const name = next?.[1] ?? lone?.[1];
    if (!name) continue;
    const full = people.find((p) => name.endsWith(p.full))?.full ?? bySurname.get(name.split(/\s+/).at(-1)!);
    if (full) out.push(full);
  }
  return [...new Set(out)];
}
