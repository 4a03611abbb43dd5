import { defineRule, scan, wordRegex } from '../rule';
import { caseStatus } from './case-status';

const CRIME_VERBS =
  'stole|robbed|assaulted|murdered|killed|raped|embezzled|burglarized|defrauded|kidnapped|abducted|stabbed|shot|molested|abused|attacked|beat|vandalized|torched|smuggled|trafficked|poisoned|strangled|looted|extorted|swindled|carjacked|shoplifted|broke into|set fire to|set fire|forged|bribed|threatened|harassed|stalked|hit and killed';
/** Attribution or hedging that makes a crime an accusation rather than a fact. */
const ATTRIBUTED =
  /\b(allegedly|alleged|accused of|charged with|suspected of|police said|police say|according to|prosecutors said|prosecutors say|authorities said|officials said|court (?:records|documents)|affidavit|complaint|investigators said|deputies said|officers said|is accused|are accused|was accused|police allege|prosecutors allege|said police|said prosecutors|, police said|, authorities said)\b/i;

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
    if (!caseStatus(doc).accused || caseStatus(doc).convicted) return [];
    return scan(
      doc.outsideQuotes,
      wordRegex(
        `([Hh]e|[Ss]he|[Tt]hey|who|(?:[Tt]he|[Aa]) (?:man|woman|suspect|teen|teenager|boy|girl|driver|defendant|gunman)|\\p{Lu}[\\p{L}'’-]+)\\s+(${CRIME_VERBS})`,
        'gu',
      ),
      (m) => {
        const sentence = doc.sentenceAt(m.index);
        if (!sentence || ATTRIBUTED.test(sentence.text)) return null;
        const subject = m[1]!;
        if (/^\p{Lu}/u.test(subject) && /^(The|A|An|This|That|It|There|Police|Officers|Deputies|Authorities)$/.test(subject)) return null;
        const verb = m[2]!;
        return {
          start: m.index,
          end: m.index + m[0].length,
          message: `"${m[0]}" states a crime as fact. Attribute it or write "allegedly".`,
          suggestion: `${subject} allegedly ${verb}`,
        };
      },
    );
  },
});
