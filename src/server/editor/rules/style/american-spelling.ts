import { matchCase } from '../../text/words';
import { defineRule, scan } from '../rule';

/** British spellings and their American forms (AP follows Webster's New World). Stems take the usual endings. */
const STEMS: Record<string, string> = {
  colour: 'color',
  honour: 'honor',
  favour: 'favor',
  labour: 'labor',
  neighbour: 'neighbor',
  behaviour: 'behavior',
  harbour: 'harbor',
  rumour: 'rumor',
  humour: 'humor',
  vapour: 'vapor',
  endeavour: 'endeavor',
  centre: 'center',
  metre: 'meter',
  theatre: 'theater',
  litre: 'liter',
  fibre: 'fiber',
  organis: 'organiz',
  realis: 'realiz',
  recognis: 'recogniz',
  apologis: 'apologiz',
  criticis: 'criticiz',
  emphasis: 'emphasiz',
  prioritis: 'prioritiz',
  authoris: 'authoriz',
  finalis: 'finaliz',
  mobilis: 'mobiliz',
  modernis: 'moderniz',
  minimis: 'minimiz',
  maximis: 'maximiz',
  utilis: 'utiliz',
  analys: 'analyz',
  paralys: 'paralyz',
  defence: 'defense',
  offence: 'offense',
  licence: 'license',
  programme: 'program',
  cheque: 'check',
  tyre: 'tire',
  aluminium: 'aluminum',
  jewellery: 'jewelry',
  catalogue: 'catalog',
  manoeuvre: 'maneuver',
  paediatric: 'pediatric',
  anaesthe: 'anesthe',
  oestrogen: 'estrogen',
  grey: 'gray',
  plough: 'plow',
  pyjama: 'pajama',
  sceptic: 'skeptic',
  mould: 'mold',
  practis: 'practic',
  enrol: 'enroll',
  fulfil: 'fulfill',
  instalment: 'installment',
};
const ENDINGS = '(?:e|s|ed|ing|er|ers|ation|ations|es|ful|able|ite|al|ist|ists|ic|ics|y|ly)?';
const RE = new RegExp(
  `(?<![\\p{L}])(${Object.keys(STEMS)
    .sort((a, b) => b.length - a.length)
    .join('|')})(${ENDINGS})(?![\\p{L}])`,
  'gu',
);

export const americanSpelling = defineRule({
  id: 'style/american-spelling',
  category: 'style',
  explanation: 'AP style uses American spelling (color, center, organize, defense, program) except in proper names.',
  autoFix: true,
  check(doc) {
    return scan(doc.text, RE, (m) => {
      const stem = m[1]!;
      const ending = m[2] ?? '';
      if (stem === 'emphasis' && ending === '') return null; // the noun "emphasis" is American too
      if (/^(analys|paralys)$/.test(stem) && /^(is|es)$/.test(ending)) return null;
      if (/^(enrol|fulfil)$/.test(stem) && ending !== '') return null;
      if (/^\p{Lu}/u.test(m[0]) && !doc.startsSentence(m.index)) return null; // a proper name keeps its spelling
      // …also at the start of a sentence: the name recurs mid-sentence, or a verb of saying follows (Grey said)
      if (
        /^\p{Lu}/u.test(m[0]) &&
        (new RegExp(`[\\p{L},] ${m[0]}\\b`, 'u').test(doc.text) ||
          /^\s+(?:said|says|told|added|wrote)\b/.test(doc.text.slice(m.index + m[0].length, m.index + m[0].length + 8)))
      )
        return null;
      if (
        /^(organis|realis|recognis|apologis|criticis|emphasis|prioritis|authoris|finalis|mobilis|modernis|minimis|maximis|utilis|analys|paralys|practis|anaesthe)$/.test(
          stem,
        ) &&
        ending === ''
      )
        return null;
      const right = matchCase(m[0], STEMS[stem]! + ending);
      return { start: m.index, end: m.index + m[0].length, message: `Use the American spelling "${right}".`, suggestion: right };
    });
  },
});
