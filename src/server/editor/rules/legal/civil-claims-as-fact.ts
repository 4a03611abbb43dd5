import type { Hit } from '../rule';
import { defineRule, scan, wordRegex } from '../rule';

const SUIT =
  /\b(?:sued|sues|sue|suing|lawsuit|civil suit|filed suit|files suit|complaint (?:filed|alleges|says|claims)|class action|plaintiffs?)\b/i;
const DECIDED =
  /\b(?:found\s+(?:[\p{L}'’.-]+\s+){0,4}?liable|(?:was|were|is|are)\s+liable|judgment against|jury awarded|verdict|settled|settlement)\b/iu;
/** Wrongs a suit alleges, as verbs stated of the defendant. */
const WRONGS =
  'ignored|retaliated|shortchanged|short-changed|stiffed|withheld|misappropriated|discriminated|harassed|defrauded|misled|deceived|concealed|covered up|neglected|overcharged|cheated|lied|violated|breached|endangered|exploited|underpaid|mistreated|abused|bullied|failed to|knowingly|wrongfully|illegally|unlawfully|negligently|fraudulently';
const ATTRIBUTED =
  /\b(?:says?|said|saying|told|tells?|claims?|claimed|claiming|alleges?|alleged|alleging|allegedly|accusing|contending|according to|contends?|contended|accuses?|accused|argues?|argued|the (?:suit|lawsuit|complaint|filing|petition)|court (?:papers|documents|records)|(?:records|documents|filings|papers|data|minutes|reports?|inspections?|audits?)\s+(?:show|shows|showed|indicate|indicated|found)|denies|denied)\b/i;

const SUBORDINATE_TELLING =
  /\b(?:after|before|when|because|since|until|once)\s+(?:she|he|they|it|we|I|the\s+\p{L}+|\p{Lu}\p{L}+)\s+(?:told|tells?|said|says|complained|reported|warned)\b/giu;

export const civilClaimsAsFact = defineRule({
  id: 'legal/civil-claims-as-fact',
  category: 'legal',
  explanation:
    'A lawsuit is one side’s claim: until a court rules, attribute each allegation to the suit ("the lawsuit says") rather than stating it as fact.',
  autoFix: false,
  check(doc) {
    if (!SUIT.test(doc.text) || DECIDED.test(doc.text)) return [];
    const hits: Hit[] = [];
    // one hit per clause: "knowingly ignored" is one claim, not two
    for (const h of scan(doc.outsideQuotes, wordRegex(`(?:${WRONGS})(?:\\s+(?:${WRONGS}))*`, 'giu'), (m) => {
      const sentence = doc.sentenceAt(m.index);
      if (!sentence) return null;
      // "after she told inspectors" belongs to the claim; it does not attribute it
      const own = doc.outsideQuotes.slice(sentence.start, sentence.end).replace(SUBORDINATE_TELLING, ' ');
      if (ATTRIBUTED.test(own)) return null;
      // the claim's subject: the words from the clause's start
      const before = doc.text.slice(sentence.start, m.index);
      const clause = before.split(/[,;]\s*/).pop() ?? '';
      const start = sentence.start + before.length - clause.length;
      return {
        start,
        end: m.index + m[0].length,
        message: `"${doc.text.slice(start, m.index + m[0].length)}" states a lawsuit’s claim as fact. Attribute it to the suit.`,
        suggestion: null,
      };
    }))
      hits.push(h);
    return hits;
  },
});
