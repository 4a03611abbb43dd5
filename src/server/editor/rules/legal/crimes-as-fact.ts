import { defineRule, scan, wordRegex } from '../rule';
import { caseStatus, CONVICTED } from './case-status';

const CRIME_VERBS =
  'stole|robbed|assaulted|murdered|killed|raped|embezzled|burglarized|defrauded|kidnapped|abducted|stabbed|shot|molested|abused|attacked|beat|vandalized|torched|smuggled|trafficked|poisoned|strangled|looted|extorted|swindled|carjacked|shoplifted|broke into|set fire to|set fire|forged|bribed|threatened|harassed|stalked|hit and killed|punched|kicked|hit|pocketed|skimmed|took kickbacks|took bribes|steered|laundered|spray-painted|defaced|slashed|keyed|siphoned|misappropriated|falsified|drove the getaway car|drove the getaway vehicle|wrote (?:\\p{L}+\\s+)?checks to (?:himself|herself|themselves)|used (?:the|a|his|her|their) [\\p{L}\\u2019 -]{1,30}(?:credit|debit) card';
/** Verbs and adverbs that are accusations in themselves, of a named person or company: no charge needed to make them libel. */
const WRONGDOING =
  "(?:\\p{Lu}[\\p{L}'’-]+,?|who|which)\\s+(?:swindled|defrauded|embezzled|bilked|scammed|extorted|bribed|cheated\\s+\\p{Ll}+(?:\\s+\\p{Ll}+)?\\s+out\\s+of|(?:illegally|unlawfully|fraudulently|knowingly)\\s+\\p{Ll}+ed)|an?\\s+(?:illegal|unlawful|criminal|fraudulent)\\s+(?:act|scheme|scam|practice|firing|retaliation|dumping|eviction|search|payment)";
const CRIME_GERUNDS =
  'robbing|stealing|stabbing|shooting|killing|murdering|assaulting|attacking|beating|strangling|kidnapping|abducting|raping|molesting|embezzling|burglarizing|breaking into|setting fire to|torching|looting|carjacking|shoplifting|defrauding|swindling|smuggling|trafficking|laundering|extorting|bribing|stalking|vandalizing|robbed|stolen|stabbed|shot|killed|murdered|assaulted|attacked|beaten|kidnapped|raped|embezzled|burglarized|broken into|set fire to|torched|looted|carjacked|defrauded|smuggled|extorted|vandalized';
/** Attribution or hedging that makes a crime an accusation rather than a fact. */
const ATTRIBUTED =
  /\b(allegedly|alleged|alleging|allegations? that|charges? that|charging that|accus(?:es|ing) \w+ of|accused of|suspected of|police said|police say|according to|prosecutors said|prosecutors say|authorities said|officials said|court (?:records|documents)|affidavit|complaint|investigators said|deputies said|officers said|is accused|are accused|was accused|police allege|prosecutors allege|said police|said prosecutors|, police said|, authorities said)\b|\b(?:patrol|sheriff|sheriff['’]s (?:office|department)|police department|police chief|medical examiner|coroner|(?:county|district|city|state['’]s) attorney(?:['’]s office)?|attorney general|charges|charging documents|criminal complaint|indictment|search warrant|warrant|police reports?|the (?:FBI|ATF|DEA|GBI|BCA))\s+(?:said|says|say|allege|alleges|alleged|state|states|stated|show|shows|showed)\b|\bsaid (?:the )?(?:state patrol|highway patrol|sheriff|medical examiner|coroner)\b/i;

/** Verbs a game report uses of teams and players. */
const SPORTS_VERBS = /^(?:beat|hit|shot|attacked|kicked|stole|routed|edged|crushed|defeated)$/;
/** A result: "78-68", "3-2", "31–10". */
const SCORE = /\b\d{1,3}[-–]\d{1,3}\b(?![-–]\d)/;

/**
 * Whether to attribute, add "allegedly" or recast is a legal judgement about one
 * person's case (an officer who fired, a defendant already convicted, a sports
 * "shot"), so the suggestion is offered, never applied by a rewrite.
 */
export const crimesAsFact = defineRule({
  id: 'legal/crimes-as-fact',
  category: 'legal',
  explanation:
    'Until a conviction, a crime is an accusation: attribute it ("police said") or write "is accused of", never state it as fact.',
  autoFix: false,
  check(doc) {
    const { text } = doc;
    const status = caseStatus(doc);
    // "was killed by her boyfriend": a named or known killer, unattributed, whether or not anyone is charged yet
    const byAgent = status.convicted
      ? []
      : scan(
          doc.outsideQuotes,
          wordRegex(
            `(?:was|were|had been|has been)\\s+(?:killed|murdered|stabbed|strangled|raped|robbed|assaulted|beaten|kidnapped|abducted|molested|poisoned)\\s+by\\s+(?!police|an? (?:officer|deputy|trooper|agent)|officers|deputies|troopers|agents|a (?:car|truck|vehicle|train|bus|stray|falling|tree|bear|dog)|an? (?:unknown|unidentified)|someone|a man|a woman|two men|gunmen|a gunman)(?:his|her|their|the|a|an)?\\s*[\\p{L}'’-]+`,
            'giu',
          ),
          (m) => {
            const sentence = doc.sentenceAt(m.index);
            if (!sentence || ATTRIBUTED.test(sentence.text)) return null;
            return {
              start: m.index,
              end: m.index + m[0].length,
              message: `"${m[0]}" names a killer or attacker as fact. Attribute it, or write "police said".`,
              suggestion: null,
            };
          },
        );
    // wrongdoing in the verb or its adverb, whoever is or is not charged: "Harmon swindled 31 buyers", "Pellston illegally dumped"
    const wrongdoing = scan(doc.outsideQuotes, wordRegex(WRONGDOING, 'gu'), (m) => {
      const sentence = doc.sentenceAt(m.index);
      if (
        !sentence ||
        ATTRIBUTED.test(sentence.text) ||
        /\b(?:said|says|say|told|claims?|alleges?|according to|sued|lawsuit|suit)\b/i.test(sentence.text)
      )
        return null;
      if (status.convicted) return null;
      return {
        start: m.index,
        end: m.index + m[0].length,
        message: `"${m[0]}" states wrongdoing as fact. Attribute it to whoever says so, or report what the record shows.`,
        suggestion: null,
      };
    });
    if (!status.accused) return [...byAgent, ...wrongdoing];
    // "the man who stabbed Pugh": a description that convicts, whatever the rest of the sentence attributes
    const described = status.convicted
      ? []
      : scan(
          doc.outsideQuotes,
          wordRegex(
            `(?:the|a|an)\\s+(?:man|woman|person|teen|teenager|boy|girl|driver|gunman|men|women|people|teens)\\s+(?:who|that)\\s+(?:${CRIME_VERBS})`,
            'giu',
          ),
          (m) => {
            if (/^(?:a|an)\s/i.test(m[0])) return null; // "a man who robbed a bank in 1990" in a profile is someone else's record
            return {
              start: m.index,
              end: m.index + m[0].length,
              message: `"${m[0]}" describes the accused as guilty. Write "the man accused of …" or use the name.`,
              suggestion: null,
            };
          },
        );
    // "After robbing the store, Reyes fled": the opening phrase states the crime as fact
    const opening = status.convicted
      ? []
      : scan(doc.outsideQuotes, wordRegex(`(?:After|Before|While|Having)\\s+(?:${CRIME_GERUNDS})`, 'gu'), (m) => {
          const sentence = doc.sentenceAt(m.index);
          if (!sentence || !doc.startsSentence(m.index) || ATTRIBUTED.test(sentence.text)) return null;
          return {
            start: m.index,
            end: m.index + m[0].length,
            message: `"${m[0]}" states a crime as fact. Attribute it ("police said") or write "is accused of".`,
            suggestion: null,
          };
        });
    const convictedText = status.convicted
      ? doc.sentences
          .filter((s) => CONVICTED.test(s.text))
          .map((s) => s.text)
          .join(' ')
      : '';
    const stated = scan(
      doc.outsideQuotes,
      wordRegex(
        `([Hh]e|[Ss]he|[Tt]hey|who|(?:[Tt]he|[Aa]) (?:man|woman|suspect|teen|teenager|boy|girl|driver|defendant|gunman)|\\p{Lu}[\\p{L}'’-]+)((?:(?:,\\s+[^,.;"“”]{1,70}){1,2},)?)\\s+(${CRIME_VERBS})`,
        'gu',
      ),
      (m) => {
        const sentence = doc.sentenceAt(m.index);
        if (!sentence || ATTRIBUTED.test(sentence.text)) return null;
        const subject = m[1]!;
        if (/^\p{Lu}/u.test(subject) && /^(The|A|An|This|That|It|There|Police|Officers|Deputies|Authorities)$/.test(subject)) return null;
        const verb = m[3]!;
        // status belongs to a person: a convicted defendant's crime is a fact, another person's in the same story is not
        // "Hale, 27, who drove the getaway car": "who" is the name before it
        const person =
          subject === 'who' ? (/(\p{Lu}[\p{L}'’-]+)(?:,[^,]*)?,?\s*$/u.exec(text.slice(sentence.start, m.index))?.[1] ?? null) : subject;
        if (
          status.convicted &&
          (person === null || !/^\p{Lu}/u.test(person) || /^(?:He|She|They)$/.test(person) || convictedText.includes(person))
        )
          return null;
        // sports: "the Comets beat the Bears 78-68", "the Rams routed them 31-10": a score or a team ("the" + a plural name) is a game
        if (
          SPORTS_VERBS.test(verb) &&
          (SCORE.test(sentence.text) ||
            /\b[Tt]he\s+(?:\p{Lu}[\p{L}'’-]*\s+)*$/u.test(text.slice(sentence.start, m.index)) ||
            /^\s+the\s+(?:\p{Lu}[\p{L}'’-]*\s+)*\p{Lu}[\p{L}'’-]*s\b/u.test(text.slice(m.index + m[0].length, sentence.end)))
        )
          return null;
        // sports: "Jones hit a home run", "shot 8 of 12"
        if (
          /^(?:hit|shot|beat|attacked|kicked|stole)$/.test(verb) &&
          /^\s+(?:a|an|the|\d)?\s*(?:home run|single|double|triple|homer|jumper|three|free throw|field goal|base|bases|\d)/i.test(
            text.slice(m.index + m[0].length, m.index + m[0].length + 16),
          )
        )
          return null;
        return {
          start: m.index,
          end: m.index + m[0].length,
          message: `"${m[0]}" states a crime as fact. Attribute it or write "allegedly".`,
          suggestion: m[2] ? null : `${subject} allegedly ${verb}`,
        };
      },
    );
    const overlaps = (h: { start: number; end: number }) => described.some((d) => d.start < h.end && h.start < d.end);
    const taken = [...described, ...stated];
    return [
      ...byAgent,
      ...described,
      ...opening,
      ...stated.filter((h) => !overlaps(h)),
      ...wrongdoing.filter((w) => !taken.some((h) => h.start < w.end && w.start < h.end)),
    ];
  },
});
