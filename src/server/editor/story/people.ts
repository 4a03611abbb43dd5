import { MONTHS, WEEKDAYS } from '../text/dates';
import type { Doc } from '../text/document';
import { tokens, tokensIn, type Token } from '../text/nlp';

/** One place the copy names a person, with what it says of them there. */
export interface PersonMention {
  /** The name as written, without title: "Anita Brooks", "Brooks". */
  start: number;
  end: number;
  first: string | null;
  surname: { start: number; end: number; text: string };
  /** Words before the name that say what the person is ("Mayor", "council member"). */
  title: { start: number; end: number; words: string[] } | null;
  age: { start: number; end: number; value: number } | null;
  party: { start: number; end: number; value: 'D' | 'R' | 'I' } | null;
  /** What an appositive says the person is: "Castellanos, an associate professor of biology" → associate professor. */
  role: { start: number; end: number; words: string[] } | null;
  /** Which story of a roundup the mention is in: each wire dateline opens another. */
  story: number;
}

const CALENDAR = new Set([...MONTHS, ...WEEKDAYS].map((w) => w.toLowerCase()));
const SUFFIX = /^(?:Jr\.?|Sr\.?|II|III|IV)$/;
const SPEECH = new Set(['say', 'tell', 'add', 'testify', 'write', 'ask', 'explain', 'note', 'recall']);

/** The last word of an organization's or a place's name, never a surname: "Peoria City Council" names no one. */
const NOT_A_PERSON =
  /^(?:Jail|Prison|Courthouse|Hotel|Theater|Theatre|Station|Parkway|Drive|Cathedral|Temple|Mosque|Synagogue|Clinic|Cemetery|Council|Board|Commission|Committee|Department|University|College|School|Schools|Hospital|Center|Centre|Court|Company|Corp\.?|Inc\.?|LLC|Co\.?|Association|Foundation|Institute|Agency|Authority|District|County|City|Township|Borough|Village|Street|St\.|Avenue|Ave\.|Road|Boulevard|Blvd\.|Library|Museum|Stadium|Arena|Airport|Group|Partners|Senate|Assembly|Legislature|Police|Office|Services|Administration|Union|Club|Apartments|Building|Mall|Plaza|Highway|Interstate|Route|Academy|Journal|Tribune)$/;

const PARTIES = /^(?:Democrat|Democratic|Republican|Democrats|Republicans)$/;
const capitalized = (t: Token) => /^\p{Lu}/u.test(t.text);
const initial = (t: Token) => /^\p{Lu}\.$/u.test(t.text);
/** "Sen.", "Gov.", "Lt.": an abbreviated title, never a given name. */
const abbreviatedTitle = (t: Token) => /^\p{Lu}\p{Ll}{1,4}\.$/u.test(t.text);
const partyOf = (word: string): 'D' | 'R' | 'I' => (/^d/i.test(word) ? 'D' : /^r/i.test(word) ? 'R' : 'I');

function nameRuns(doc: Doc, all: Token[]): Token[][] {
  const runs: Token[][] = [];
  let run: Token[] = [];
  const close = () => {
    if (run.length) runs.push(run);
    run = [];
  };
  for (let i = 0; i < all.length; i++) {
    const t = all[i]!;
    const next = all[i + 1];
    const fits =
      capitalized(t) &&
      (t.pos === 'PROPN' ||
        initial(t) ||
        run.length > 0 ||
        !doc.startsSentence(t.start) ||
        (next?.pos === 'VERB' && SPEECH.has(next.lemma))) &&
      !PARTIES.test(t.text) &&
      !CALENDAR.has(t.text.replace(/\.$/, '').toLowerCase()) &&
      !doc.inLayout(t.start, t.end) &&
      /^[\p{L}.'’-]+$/u.test(t.text);
    const joined = run.length > 0 && /^\s?$/.test(doc.text.slice(run[run.length - 1]!.end, t.start));
    if (fits && (run.length === 0 || joined) && !(run.length && doc.sentenceAt(t.start) !== doc.sentenceAt(run[0]!.start))) run.push(t);
    else {
      close();
      if (fits) run.push(t);
    }
  }
  close();
  return runs;
}

/**
 * Every person-like name in the copy: runs of capitalized proper nouns read as
 * [title] [given name] [initial] surname, with an age (", 31," or "31-year-old"),
 * a party ("(D-Ore.)", ", a Republican,") and a title written next to it.
 */
export function personMentions(doc: Doc): PersonMention[] {
  return doc.memo('people', () => {
    const all = tokens(doc);
    const index = new Map(all.map((t, i) => [t, i]));
    const runs = nameRuns(doc, all).map((run) => {
      while (run.length > 1 && SUFFIX.test(run[run.length - 1]!.text)) run = run.slice(0, -1);
      return run;
    });
    const titleWords = new Set<string>();
    const split = runs.map((run) => {
      const surname = run[run.length - 1]!;
      let firstAt = run.length - 2;
      if (firstAt >= 0 && initial(run[firstAt]!)) firstAt--;
      if (firstAt >= 0 && (abbreviatedTitle(run[firstAt]!) || initial(run[firstAt]!))) firstAt = -1;
      const titled = firstAt > 0 ? run.slice(0, firstAt) : [];
      for (const t of titled) titleWords.add(t.text);
      return { run, surname, firstAt, titled };
    });
    const out: PersonMention[] = [];
    for (const { run, surname, titled, firstAt: at } of split) {
      if (NOT_A_PERSON.test(surname.text)) continue;
      let firstAt = at;
      let titleTokens = titled;
      // "Mayor Brooks": a word that stands as a title elsewhere is a title here too
      if (firstAt >= 0 && titleWords.has(run[firstAt]!.text)) {
        titleTokens = run.slice(0, firstAt + 1);
        firstAt = -1;
      } else if (firstAt < 0) titleTokens = run.slice(0, -1);
      const nameStart = firstAt >= 0 ? run[firstAt]!.start : surname.start;
      // lower-case title words before the run: "council member Susan Parke"
      let k = index.get(run[0]!)! - 1;
      const before: Token[] = [];
      const sentence = doc.sentenceAt(run[0]!.start);
      while (
        k >= 0 &&
        before.length < 3 &&
        (all[k]!.pos === 'NOUN' || all[k]!.pos === 'PROPN') &&
        !CALENDAR.has(all[k]!.lemma) &&
        !PARTIES.test(all[k]!.text) &&
        doc.sentenceAt(all[k]!.start) === sentence
      ) {
        if (!/^\s$/.test(doc.text.slice(all[k]!.end, (before[0] ?? run[0]!).start))) break;
        before.unshift(all[k]!);
        k--;
      }
      const titleAll = [...before, ...titleTokens];
      const title = titleAll.length
        ? {
            start: titleAll[0]!.start,
            end: titleAll[titleAll.length - 1]!.end,
            words: titleAll.map((t) => t.text.toLowerCase().replace(/\.$/, '')),
          }
        : null;
      const lead = title?.start ?? nameStart;
      const after = doc.text.slice(surname.end, surname.end + 60);
      const prior = doc.text.slice(Math.max(0, lead - 40), lead);
      let age: PersonMention['age'] = null;
      const appositive = after.match(/^,\s*(?:age\s+|aged\s+|now\s+)?(\d{1,3})(?=\s*[,;.)]|\s+(?:and|of|from|who|was|is)\b)/);
      // "Keel, who is 63," or "Keel is 63.": an age stated of the present, never a past one ("was 12 when")
      const stated = after.match(/^(?:,\s*who)?\s+(?:is|turned|turns)\s+(\d{1,3})(?=\s*[,;.)]|\s+(?:and|on|in|this|last)\b)/);
      const compound = prior.match(/(\d{1,3})-year-old\s+$/);
      const clause = appositive ?? (stated && !doc.inQuote(surname.end + stated[0].length - 1) ? stated : null);
      if (clause) {
        const at = surname.end + clause[0].length - clause[1]!.length;
        age = { start: at, end: at + clause[1]!.length, value: Number(clause[1]) };
      } else if (compound) {
        const at = lead - compound[0].length;
        age = { start: at, end: at + compound[0].trimEnd().length, value: Number(compound[1]) };
      }
      if (age && (age.value < 1 || age.value > 115)) age = null;
      let party: PersonMention['party'] = null;
      const code = after.match(/^\s*\(([DRI])(?:-[^)]*)?\)|^,\s*([DRI])-\p{Lu}/u);
      const noun = after.match(/^,\s*an?\s+(Democrat|Republican|independent)\b/);
      const adjective = prior.match(/\b(Democratic|Republican)\s+$/);
      if (code) {
        const at = surname.end + code[0].indexOf(code[1] ?? code[2]!);
        party = { start: at, end: at + 1, value: partyOf(code[1] ?? code[2]!) };
      } else if (noun) {
        const at = surname.end + noun[0].length - noun[1]!.length;
        party = { start: at, end: at + noun[1]!.length, value: partyOf(noun[1]!) };
      } else if (adjective) {
        const at = lead - adjective[0].length + adjective[0].indexOf(adjective[1]!);
        party = { start: at, end: at + adjective[1]!.length, value: partyOf(adjective[1]!) };
      }
      out.push({
        start: nameStart,
        end: surname.end,
        first: firstAt >= 0 ? run[firstAt]!.text : null,
        surname: { start: surname.start, end: surname.end, text: surname.text },
        title,
        age,
        party,
        role: roleAfter(doc, all, index.get(surname)!),
        story: doc.datelines.filter((d) => d.start < nameStart).length,
      });
    }
    return out;
  });
}

/** The noun phrase of an appositive after a name, skipping an age: ", 61, an associate professor of biology". */
function roleAfter(doc: Doc, all: Token[], at: number): PersonMention['role'] {
  let k = at + 1;
  if (all[k]?.text === ',' && /^\d{1,3}$/.test(all[k + 1]?.text ?? '') && all[k + 2]?.text === ',') k += 2;
  if (all[k]?.text !== ',' || !/^(?:a|an|the)$/i.test(all[k + 1]?.text ?? '')) return null;
  const words: Token[] = [];
  for (k += 2; k < all.length && words.length < 5; k++) {
    const t = all[k]!;
    if ((t.pos === 'NOUN' || t.pos === 'ADJ' || t.pos === 'PROPN') && /^[\p{L}-]+$/u.test(t.text)) words.push(t);
    else break;
  }
  while (words.length && words[words.length - 1]!.pos !== 'NOUN') words.pop();
  if (!words.length || doc.inQuote(words[0]!.start)) return null;
  return { start: words[0]!.start, end: words[words.length - 1]!.end, words: words.map((t) => t.lemma) };
}

/** Surnames the copy plainly uses for people: someone who speaks, or is given an age, title or party. */
export function personSurnames(doc: Doc): Set<string> {
  return doc.memo('person-surnames', () => {
    const all = tokens(doc);
    const out = new Set<string>();
    const mentions = personMentions(doc);
    const startingAt = new Map<number, number>();
    all.forEach((t, i) => startingAt.has(t.start) || startingAt.set(t.start, i));
    for (const m of mentions) {
      if (m.age || m.party) out.add(m.surname.text);
      const i = startingAt.get(m.surname.start) ?? -1;
      const near = [...all.slice(Math.max(0, i - 2), i), ...all.slice(i + 1, i + 3)];
      if (near.some((t) => t.pos === 'VERB' && SPEECH.has(t.lemma))) out.add(m.surname.text);
    }
    return out;
  });
}

/**
 * Who each mention refers to: the full name, or for a bare surname the one
 * full-named bearer the story has introduced by then (null when two have been).
 * Each story of a roundup has its own people.
 */
function personKeys(doc: Doc): Map<PersonMention, string | null> {
  return doc.memo('person-keys', () => {
    const keys = new Map<PersonMention, string | null>();
    const mentions = personMentions(doc);
    const bearers = new Map<string, { first: string; start: number }[]>();
    for (const m of mentions)
      if (m.first) {
        const list = bearers.get(`${m.story} ${m.surname.text}`) ?? [];
        if (!list.some((b) => b.first === m.first)) list.push({ first: m.first, start: m.start });
        bearers.set(`${m.story} ${m.surname.text}`, list);
      }
    for (const m of mentions) {
      const story = `${m.story} ${m.surname.text}`;
      const all = bearers.get(story) ?? [];
      const before = all.filter((b) => b.start < m.start);
      const one = m.first ?? (all.length <= 1 ? all[0]?.first : before.length === 1 ? before[0]!.first : null);
      keys.set(m, one === null ? null : `${story} ${one ?? ''}`);
    }
    return keys;
  });
}

/** Who a mention refers to, as a key shared by every mention of the same person; null when it cannot be told. */
export function personKey(doc: Doc, m: PersonMention): string | null {
  return personKeys(doc).get(m) ?? null;
}

/**
 * "The 71-year-old has no plans": an age standing for a person, read as the
 * person named last before it, in its paragraph or the one before.
 */
export function describedAges(doc: Doc): { start: number; end: number; value: number; mention: PersonMention }[] {
  return doc.memo('described-ages', () => {
    const out: { start: number; end: number; value: number; mention: PersonMention }[] = [];
    const mentions = personMentions(doc);
    for (const m of doc.text.matchAll(/\b[Tt]he\s+(\d{1,3})-year-old\b/g)) {
      const start = m.index + m[0].length - m[1]!.length - 9;
      const end = m.index + m[0].length;
      const next = tokensIn(doc, end, end + 30)[0];
      // a noun after it ("the 58-year-old woman") may be someone else; a verb after it means the person
      if (!next || !(next.pos === 'VERB' || next.pos === 'AUX') || doc.inQuote(start)) continue;
      const sentence = doc.sentenceAt(start);
      if (!sentence) continue;
      let mention: PersonMention | undefined;
      // the last person named in full or by a surname the story has tied to a full name
      for (const p of mentions) if (p.end <= start && !doc.inQuote(p.start) && !(personKey(doc, p) ?? ' ').endsWith(' ')) mention = p;
      const at = mention && doc.sentenceAt(mention.start);
      // the same paragraph or the one before: quotations between may run several sentences
      const breaks = mention ? (doc.text.slice(mention.end, start).match(/\n\s*/g)?.length ?? 0) : 0;
      if (!mention || !at || breaks > 1 || sentence.index - at.index > 4) continue;
      out.push({ start, end, value: Number(m[1]), mention });
    }
    return out;
  });
}
