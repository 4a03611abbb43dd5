import { defineRule, scan, wordRegex } from '../rule';

const BE =
  '(?:is|are|was|were|has been|have been|had been|is being|are being|was being|were being|(?:(?:will|would|could|should|must|may|might|can)\\s+(?:(?:have|need)\\s+to\\s+)?|(?:has|have|had|needs?)\\s+to\\s+)be)';
/** An act named as a noun and then done by nobody: "a decision was made", "mistakes were made". */
const ABSTRACT = `(?:(?:a|the|an|no|some|several|many|final|difficult|tough|hard)\\s+)?(?:decisions?|mistakes?|errors?|choices?|determinations?|changes?|cuts?|recommendations?|exceptions?|commitments?|promises?|judgments?|calls?|efforts?|attempts?|moves?|steps?)(?:\\s+(?:to|on|about)\\s+[^,.;:]{1,40}?)?\\s+${BE}\\s+(?:made|taken|reached|done|given|carried out)`;
/** "It is hoped that": the hoper is hidden. */
const IMPERSONAL = `it\\s+${BE}\\s+(?:hoped|decided|felt|determined|agreed|recommended|thought|deemed|considered|acknowledged)\\s+(?:that|to)`;
/** People acted on by someone the sentence never names. */
const DONE_TO = `${BE}\\s+(?:not\\s+|never\\s+)?(?:told|advised|instructed|informed|ordered|urged|encouraged|warned|notified)`;

/** Acts of a body that decides: who approved, cut or denied a thing is the news. */
const DECIDED = `(?:was|were|has been|have been|had been|will be)\\s+(?:unanimously\\s+|narrowly\\s+|quietly\\s+)?(?:approved|rejected|denied|cut|eliminated|slashed|adopted|tabled|scrapped|vetoed|overturned|rescinded|awarded|granted|raised|lowered)`;
/** Bodies a story names when one of them made the decision. */
/** "was targeted" hides an actor only when the story knows who targets: thieves, scammers, hackers. */
const TARGETED = `${BE}\\s+(?:not\\s+)?targeted`;
const TARGETER =
  /\b(?:thieves|thief|scammers?|hackers?|fraudsters?|criminals?|burglars?|robbers?|vandals?|attackers?|gunmen|gunman|poachers?|predators?|spammers?|callers?|investigators|regulators|prosecutors|police|officers|agents)\b/i;
const DECIDER =
  /\b(?:council|board|commission|commissioners|committee|legislature|lawmakers|senate|assembly|trustees|regents|aldermen|supervisors|selectmen|voters|judge|jury|court|agency|administration|regulators|mayor|governor|superintendent|company|district)\b/i;

export const hiddenActor = defineRule({
  id: 'clarity/hidden-actor',
  category: 'clarity',
  explanation:
    'A passive with no actor hides who is responsible ("a decision was made", "residents have been told"): say who decided, told or acted.',
  autoFix: false,
  check(doc) {
    const { text } = doc;
    // a passive is fine when no one knows who acted ("was found dead", "was targeted"); a decision's maker the story names is the news
    const decided = DECIDER.test(doc.outsideQuotes)
      ? scan(doc.outsideQuotes, wordRegex(DECIDED, 'giu'), (m) => {
          const sentence = doc.sentenceAt(m.index);
          if (!sentence) return null;
          const before = text.slice(Math.max(sentence.start, m.index - 30), m.index);
          const after = text.slice(m.index + m[0].length, sentence.end);
          // background in a relative clause ("a levy that was approved in 2019") or an actor named after all
          if (/\b(?:that|which|who|when|after|once|if|unless|until)\s+(?:\p{L}+\s+){0,1}$/iu.test(before)) return null;
          if (/^\s+(?:\p{L}+\s+){0,6}?by\b/u.test(after) || /^\s+(?:in|for)\s+(?:19|20)\d\d\b/.test(after)) return null;
          const person = /(?:^|[.;]\s*)(?:he|she|they|I|we)\s*$/i.test(text.slice(sentence.start, m.index).trim());
          if (person) return null;
          return {
            start: m.index,
            end: m.index + m[0].length,
            message: `"${m[0]}" leaves out who decided. Name the body that did it.`,
            suggestion: null,
          };
        })
      : [];
    const targeted = TARGETER.test(doc.outsideQuotes)
      ? scan(doc.outsideQuotes, wordRegex(TARGETED, 'giu'), (m) => {
          const after = text.slice(m.index + m[0].length, doc.sentenceAt(m.index)?.end ?? m.index + m[0].length);
          if (/^\s+(?:\p{L}+\s+){0,4}by\b/u.test(after)) return null;
          return {
            start: m.index,
            end: m.index + m[0].length,
            message: `"${m[0]}" hides who acted. The story knows: name them.`,
            suggestion: null,
          };
        })
      : [];
    return [
      ...decided,
      ...targeted,
      ...scan(doc.outsideQuotes, wordRegex(`${ABSTRACT}|${IMPERSONAL}|${DONE_TO}`, 'giu'), (m) => {
        const sentence = doc.sentenceAt(m.index);
        if (!sentence) return null;
        const after = text.slice(m.index + m[0].length, sentence.end);
        // the actor is named after all ("were told by the principal"), or the phrase is the idiom "were told to call police"
        if (/^\s+(?:\p{L}+\s+){0,4}by\s+(?!phone|email|mail|letter)/u.test(after)) return null;
        if (/^\s+to\s+(?:call|contact|report)\b/i.test(after)) return null;
        return {
          start: m.index,
          end: m.index + m[0].length,
          message: `"${m[0]}" hides who acted. Name the person or body responsible.`,
          suggestion: null,
        };
      }),
    ];
  },
});
