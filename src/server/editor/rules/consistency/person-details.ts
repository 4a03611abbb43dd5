import { personKey, personMentions, type PersonMention } from '../../story/people';
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
    for (const mentions of byPerson.values()) {
      const firstAge = mentions.find((m) => m.age);
      const firstParty = mentions.find((m) => m.party);
      const firstTitle = mentions.find((m) => jobTitle(m) && !qualified(doc.text, m.title!.start));
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
