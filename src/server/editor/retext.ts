import retextEnglish from 'retext-english';
import retextRedundantAcronyms from 'retext-redundant-acronyms';
import retextSimplify from 'retext-simplify';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { retextMayReport } from './retext-prefilter';
import type { Doc } from './text/document';

export interface RetextMessage {
  source: string;
  ruleId: string;
  start: number;
  end: number;
  actual: string;
  expected: string[];
}

/**
 * Words retext-simplify lists that are ordinary, precise news vocabulary (or that
 * another rule owns): flagging them would bury the real findings.
 */
export const SIMPLIFY_IGNORE = [
  'a number of',
  'accompany',
  'accurate',
  'additional',
  'address',
  'adjustment',
  'advise',
  'aircraft',
  'all of',
  'allocate',
  'anticipate',
  'appropriate',
  'approximate',
  'assist',
  'assistance',
  'attempt',
  'benefit',
  'benefit from',
  'capability',
  'combined',
  'component',
  'comply with',
  'concerning',
  'contains',
  'convene',
  'currently',
  'delete',
  'demonstrate',
  'depart',
  'designate',
  'determine',
  'disclose',
  'economical',
  'effect',
  'elect',
  'eliminate',
  'employ',
  'encounter',
  'ensure',
  'equivalent',
  'establish',
  'evaluate',
  'evident',
  'exclusively',
  'exhibit',
  'expertise',
  'expiration',
  'failed to',
  'females',
  'forward',
  'frequently',
  'function',
  'however',
  'identical',
  'identify',
  'immediately',
  'impacted',
  'implement',
  'in addition',
  'in between',
  'indicate',
  'indication',
  'initial',
  'initiate',
  'interface',
  'it is',
  'limited number',
  'maintain',
  'maximum',
  'minimum',
  'monitor',
  'multiple',
  'numerous',
  'objective',
  'observe',
  'obtain',
  'operate',
  'option',
  'overall',
  'participate',
  'perform',
  'permit',
  'portion',
  'possess',
  'previous',
  'previously',
  'proceed',
  'provide',
  'purchase',
  'reflect',
  'regarding',
  'relocate',
  'remain',
  'remainder',
  'represents',
  'request',
  'require',
  'requirement',
  'reside',
  'residence',
  'retain',
  'satisfy',
  'selection',
  'shall',
  'similar to',
  'submit',
  'subsequent',
  'substantial',
  'sufficient',
  'there are',
  'there is',
  'therefore',
  'type',
  'vice',
  'very',
  'warrant',
  'witnessed',
  'literally',
  'whether or not',
  'close proximity',
  'each and every',
  'the month of',
  'in the process of',
  'in order to',
  'in excess of',
  'prior to',
  'at this time',
  'point in time',
  'due to the fact that',
  'in the event of',
  'for the purpose of',
  'in the near future',
  'until such time as',
  'in spite of',
  'it appears',
  'not many',
  'not often',
  'not certain',
  'pass away',
  'took advantage of',
  'render',
  'desire',
  'magnitude',
  'cease',
  'enumerate',
  'demonstrate',
  'consequently',
  'accordingly',
  'alternatively',
  'nevertheless',
  'notwithstanding',
  'on the other hand',
  'in terms of',
  'timely',
  'vice',
];

const processor = unified().use(retextEnglish).use(retextSimplify, { ignore: SIMPLIFY_IGNORE }).use(retextRedundantAcronyms);

/** Runs the retext plugins once per document and shares their messages between rules. */
export function retextMessages(doc: Doc): RetextMessage[] {
  return doc.memo('retext', () => {
    if (!retextMayReport(doc.text, SIMPLIFY_IGNORE)) return [];
    const file = new VFile(doc.text);
    processor.runSync(processor.parse(file), file);
    const out: RetextMessage[] = [];
    for (const m of file.messages) {
      const place = m.place;
      if (!place || !('start' in place)) continue;
      const start = place.start.offset;
      const end = place.end.offset;
      if (start === undefined || end === undefined) continue;
      out.push({
        source: m.source ?? '',
        ruleId: m.ruleId ?? '',
        start,
        end,
        actual: m.actual ?? doc.text.slice(start, end),
        expected: (m.expected ?? []) as string[],
      });
    }
    return out;
  });
}
