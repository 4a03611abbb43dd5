import { personMentions, personSurnames, type PersonMention } from '../../story/people';
import type { Doc } from '../../text/document';
import { defineRule, type Hit } from '../rule';

/** Whether two surnames differ by one typed letter: one changed, added, dropped, or two swapped. */
export function oneSlipApart(a: string, b: string): boolean {
  if (a === b || a[0] !== b[0]) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1 || long.length < 5) return false;
  if (short.length === long.length) {
    const diff = [...short].map((c, i) => (c === long[i] ? -1 : i)).filter((i) => i >= 0);
    if (diff.length === 1) return true;
    return diff.length === 2 && diff[1] === diff[0]! + 1 && short[diff[0]!] === long[diff[1]!] && short[diff[1]!] === long[diff[0]!];
  }
  // a plural or possessive-looking "s" is another word ("Parks", "Williams"), not a slip
  if (long === `${short}s`) return false;
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

/**
 * Whether two given names are one spelling of one name: the same length, one
 * letter changed or two swapped, not at the end ("Mario", "Maria" are two people).
 */
export function givenNameSlip(a: string, b: string): boolean {
  if (a.length !== b.length || a.length < 5 || !oneSlipApart(a, b)) return false;
  return a[a.length - 1] === b[b.length - 1];
}

/** Words that introduce a relative, who may share a surname and a near-alike given name. */
const KIN =
  /\b(?:brother|sister|sibling|twin|son|daughter|father|mother|dad|mom|husband|wife|spouse|partner|cousin|uncle|aunt|nephew|niece|grandson|granddaughter|grandfather|grandmother|stepson|stepdaughter)s?\b[^.]{0,20}$/i;

const quote = (m: PersonMention, text: string) => text.slice(m.first ? m.start : m.surname.start, m.end);

export const nameVariants = defineRule({
  id: 'consistency/name-variants',
  category: 'consistency',
  explanation: 'A person’s name is spelled the same way every time the story uses it.',
  autoFix: false,
  check(doc) {
    const mentions = personMentions(doc);
    const people = personSurnames(doc);
    const bySurname = new Map<string, PersonMention[]>();
    for (const m of mentions) bySurname.set(m.surname.text, [...(bySurname.get(m.surname.text) ?? []), m]);
    // a word that also stands as someone's given name is a name of its own
    const givenNames = new Set(mentions.flatMap((m) => (m.first ? [m.first] : [])));
    const hits: Hit[] = [];
    hits.push(...givenNameVariants(doc, mentions));
    const forms = [...bySurname.keys()].filter((s) => !givenNames.has(s) && /^\p{Lu}\p{Ll}+$/u.test(s));
    for (const a of forms) {
      for (const b of forms) {
        if (a >= b || !oneSlipApart(a, b) || !(people.has(a) || people.has(b))) continue;
        const as = bySurname.get(a)!;
        const bs = bySurname.get(b)!;
        // each story of a roundup names its own people
        if (!as.some((x) => bs.some((y) => x.story === y.story))) continue;
        // two given names: two people ("Mark Clarke", "Susan Clark")
        const firstsA = new Set(as.flatMap((m) => (m.first ? [m.first] : [])));
        const firstsB = new Set(bs.flatMap((m) => (m.first ? [m.first] : [])));
        if (firstsA.size > 1 || firstsB.size > 1) continue;
        if (firstsA.size && firstsB.size && [...firstsA][0] !== [...firstsB][0]) continue;
        const [odd, usual] =
          as.length !== bs.length ? (as.length < bs.length ? [as, bs] : [bs, as]) : as[0]!.start > bs[0]!.start ? [as, bs] : [bs, as];
        const other = usual.find((m) => m.first) ?? usual[0]!;
        const times = usual.length > 1 ? ` (${usual.length} times)` : '';
        for (const m of odd) {
          hits.push({
            start: m.surname.start,
            end: m.surname.end,
            message: `“${m.surname.text}” here, but “${quote(other, doc.text)}” elsewhere${times}: check the spelling of the name.`,
            related: { start: other.first ? other.start : other.surname.start, end: other.end },
          });
        }
      }
    }
    return hits;
  },
});

/** "Devin Holt" and later "Devon Holt": one person's given name spelled two ways. */
function givenNameVariants(doc: Doc, mentions: PersonMention[]): Hit[] {
  const text = doc.text;
  const hits: Hit[] = [];
  const full = new Map<string, PersonMention[]>();
  for (const m of mentions) if (m.first) full.set(`${m.story} ${m.surname.text}`, [...(full.get(`${m.story} ${m.surname.text}`) ?? []), m]);
  for (const list of full.values()) {
    const firsts = [...new Set(list.map((m) => m.first!))];
    if (firsts.length !== 2 || !givenNameSlip(firsts[0]!, firsts[1]!)) continue;
    const of = (name: string) => list.filter((m) => m.first === name);
    const [a, b] = [of(firsts[0]!), of(firsts[1]!)];
    // a relative introduced as such, or both named in one sentence, is a second person
    if ([...a, ...b].some((m) => KIN.test(text.slice(Math.max(0, m.start - 40), m.start)))) continue;
    if (a.some((x) => b.some((y) => doc.sentenceAt(x.start) === doc.sentenceAt(y.start)))) continue;
    const [odd, usual] = a.length !== b.length ? (a.length < b.length ? [a, b] : [b, a]) : a[0]!.start > b[0]!.start ? [a, b] : [b, a];
    const other = usual[0]!;
    for (const m of odd)
      hits.push({
        start: m.start,
        end: m.end,
        message: `“${text.slice(m.start, m.end)}” here, but “${text.slice(other.start, other.end)}” elsewhere: check the spelling of the name.`,
        related: { start: other.start, end: other.end },
      });
  }
  return hits;
}
