import { describedAges, personKey, personMentions, type PersonMention } from '../../story/people';
import type { Doc } from '../../text/document';
import { tokens } from '../../text/nlp';
import { defineRule, type Hit } from '../rule';

const PARTY = { D: 'Democrat', R: 'Republican', I: 'independent' } as const;

/** Whether one title's words all stand in the other ("Chief" in "Police Chief", "Sen." in "Senator"). */
function sameTitle(a: readonly string[], b: readonly string[]): boolean {
  const within = (x: readonly string[], y: readonly string[]) => x.every((w) => y.some((v) => v.startsWith(w) || w.startsWith(v)));
  return within(a, b) || within(b, a);
}

/** A title that the copy marks as past or passing ("former Mayor", "then-Lt.") may differ from today's. */
const qualified = (text: string, at: number) =>
  /\b(?:former|then|ex|late|retired|onetime|future|acting|interim)[-\s]+$/i.test(text.slice(Math.max(0, at - 12), at));

/** Courtesy titles say nothing of a job: "Dr. Natarajan" may be the "entomologist Priya Natarajan". */
const COURTESY = /^(?:mr|mrs|ms|miss|mx|dr|prof|rev|the)$/;
const jobTitle = (m: PersonMention) => (m.title && !m.title.words.every((w) => COURTESY.test(w)) ? m.title : null);

/**
 * Words that set a rank within one job, so two of them cannot both be right:
 * an "associate professor" is not an "assistant professor".
 */
const RANKS = new Set(['assistant', 'associate', 'adjunct', 'full', 'deputy', 'chief', 'senior', 'junior', 'vice', 'interim', 'acting']);

/** A job as rank words and the noun they rank: "associate professor of biology" → associate / professor. */
function rankedJob(words: readonly string[]): { head: string; ranks: string[] } | null {
  const head = words[words.length - 1];
  const ranks = words.slice(0, -1).filter((w) => RANKS.has(w));
  return head && ranks.length ? { head: head.replace(/s$/, ''), ranks } : null;
}

const SPEAKS = new Set(['say', 'tell', 'add', 'argue', 'note', 'write', 'insist', 'counter', 'respond', 'reply', 'contend']);

/**
 * "The Republican incumbent said …" with no name: the person the paragraph goes
 * on to quote by name, when it names exactly one.
 */
function describedParties(doc: Doc, byKey: Map<string, PersonMention[]>) {
  const out: { start: number; end: number; value: 'D' | 'R'; key: string }[] = [];
  if (!/\b[Tt]he\s+(?:Democratic|Republican)\s/.test(doc.text)) return out;
  const all = tokens(doc);
  const mentions = personMentions(doc);
  for (let i = 0; i + 3 < all.length; i++) {
    const [the, party, noun, verb] = [all[i]!, all[i + 1]!, all[i + 2]!, all[i + 3]!];
    if (!/^the$/i.test(the.text) || !/^(?:Democratic|Republican)$/.test(party.text)) continue;
    if (
      !/^\p{Ll}+$/u.test(noun.text) ||
      noun.pos === 'VERB' ||
      !(verb.pos === 'VERB' && SPEAKS.has(verb.lemma)) ||
      doc.inQuote(party.start)
    )
      continue;
    const paraStart = doc.text.lastIndexOf('\n', the.start) + 1;
    const paraEnd = (doc.text.indexOf('\n', verb.end) + 1 || doc.text.length + 1) - 1;
    const keys = new Set(
      mentions.filter((m) => m.start >= paraStart && m.end <= paraEnd && !doc.inQuote(m.start)).map((m) => personKey(doc, m)),
    );
    const [key] = [...keys];
    if (keys.size !== 1 || !key || !byKey.has(key)) continue;
    out.push({ start: party.start, end: party.end, value: party.text.startsWith('D') ? 'D' : 'R', key });
  }
  return out;
}

export const personDetails = defineRule({
  id: 'consistency/person-details',
  category: 'consistency',
  explanation: 'A person keeps the same age, title and party from one reference to the next.',
  autoFix: false,
  check(doc) {
    const byPerson = new Map<string, PersonMention[]>();
    for (const m of personMentions(doc)) {
      const key = personKey(doc, m);
      if (key) byPerson.set(key, [...(byPerson.get(key) ?? []), m]);
    }
    const hits: Hit[] = [];
    const name = (m: PersonMention) => doc.text.slice(m.start, m.end);
    const described = describedAges(doc);
    const parties = describedParties(doc, byPerson);
    for (const [key, mentions] of byPerson) {
      const firstAge = mentions.find((m) => m.age);
      const firstParty = mentions.find((m) => m.party);
      const firstTitle = mentions.find((m) => jobTitle(m) && !qualified(doc.text, m.title!.start));
      for (const d of described) {
        if (!firstAge || personKey(doc, d.mention) !== key || d.value === firstAge.age!.value || d.start < firstAge.age!.start) continue;
        if (mentions.some((m) => m.age && m.age.start === d.start)) continue;
        hits.push({
          start: d.start,
          end: d.end,
          message: `“${doc.text.slice(d.start, d.end)}” here reads as ${name(d.mention)}, who is ${firstAge.age!.value} earlier (“${doc.text.slice(firstAge.start, firstAge.age!.end)}”).`,
          related: { start: firstAge.age!.start, end: firstAge.age!.end },
        });
      }
      for (const d of parties) {
        if (d.key !== key || !firstParty || d.value === firstParty.party!.value) continue;
        hits.push({
          start: d.start,
          end: d.end,
          message: `“${doc.text.slice(d.start, d.end)}” here, but ${name(firstParty)} is a ${PARTY[firstParty.party!.value]} earlier (“${doc.text.slice(firstParty.party!.start, firstParty.party!.end)}”), and the paragraph quotes ${name(firstParty)}.`,
          related: { start: firstParty.party!.start, end: firstParty.party!.end },
        });
      }
      const firstRank = mentions
        .flatMap((m) => [jobTitle(m), m.role].filter((r) => r !== null).map((r) => ({ m, r: r!, job: rankedJob(r!.words) })))
        .filter((x) => x.job && !qualified(doc.text, x.r.start));
      for (const later of firstRank.slice(1)) {
        const first = firstRank.find((x) => x.job!.head === later.job!.head);
        if (!first || first === later || later.job!.ranks.every((w) => first.job!.ranks.includes(w))) continue;
        if (later.m.title === later.r && first.m.title === first.r) continue; // titles before the name are compared below
        hits.push({
          start: later.r.start,
          end: later.r.end,
          message: `“${doc.text.slice(later.r.start, later.r.end)}” here, but “${doc.text.slice(first.r.start, first.r.end)}” earlier: the rank changes between references.`,
          related: { start: first.r.start, end: first.r.end },
        });
      }
      for (const m of mentions) {
        if (m.age && firstAge && m !== firstAge && m.age.value !== firstAge.age!.value)
          hits.push({
            start: m.age.start,
            end: m.age.end,
            message: `${name(m)} is ${m.age.value} here but ${firstAge.age!.value} earlier (“${doc.text.slice(firstAge.start, firstAge.age!.end)}”).`,
            related: { start: firstAge.age!.start, end: firstAge.age!.end },
          });
        if (m.party && firstParty && m !== firstParty && m.party.value !== firstParty.party!.value)
          hits.push({
            start: m.party.start,
            end: m.party.end,
            message: `${name(m)} is a ${PARTY[m.party.value]} here but a ${PARTY[firstParty.party!.value]} earlier (“${doc.text.slice(firstParty.party!.start, firstParty.party!.end)}”).`,
            related: { start: firstParty.party!.start, end: firstParty.party!.end },
          });
        if (
          jobTitle(m) &&
          m.title &&
          firstTitle &&
          m !== firstTitle &&
          !qualified(doc.text, m.title.start) &&
          !sameTitle(m.title.words, firstTitle.title!.words)
        ) {
          const earlier = doc.text.slice(firstTitle.title!.start, firstTitle.end);
          hits.push({
            start: m.title.start,
            end: m.title.end,
            message: `“${doc.text.slice(m.title.start, m.end)}” here, but “${earlier}” earlier: the title changes between references.`,
            related: { start: firstTitle.title!.start, end: firstTitle.end },
          });
        }
      }
    }
    return hits;
  },
});
