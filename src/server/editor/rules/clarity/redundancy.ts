import { matchCase } from '../../text/words';
import { defineRule, lookup, phraseRegex, scan } from '../rule';

/** Redundant phrases and what is left once the repeated idea is cut. */
export const REDUNDANT: Record<string, string> = {
  'past history': 'history',
  'end result': 'result',
  'final outcome': 'outcome',
  'free gift': 'gift',
  'added bonus': 'bonus',
  'advance planning': 'planning',
  'advance warning': 'warning',
  'advance notice': 'notice',
  'close proximity': 'proximity',
  'completely destroyed': 'destroyed',
  'totally destroyed': 'destroyed',
  'completely eliminate': 'eliminate',
  'completely eliminated': 'eliminated',
  'future plans': 'plans',
  'new innovation': 'innovation',
  'new innovations': 'innovations',
  'past experience': 'experience',
  'unexpected surprise': 'surprise',
  'join together': 'join',
  'joined together': 'joined',
  'revert back': 'revert',
  'reverted back': 'reverted',
  'return back': 'return',
  'returned back': 'returned',
  'refer back': 'refer',
  'repeat again': 'repeat',
  'still remains': 'remains',
  'still remain': 'remain',
  'absolutely essential': 'essential',
  'basic fundamentals': 'fundamentals',
  'consensus of opinion': 'consensus',
  'exact same': 'same',
  'true fact': 'fact',
  'true facts': 'facts',
  'actual fact': 'fact',
  'first began': 'began',
  'first started': 'started',
  'brief moment': 'moment',
  'merge together': 'merge',
  'merged together': 'merged',
  'collaborate together': 'collaborate',
  'cooperate together': 'cooperate',
  'armed gunman': 'gunman',
  'armed gunmen': 'gunmen',
  'unintended mistake': 'mistake',
  'mutual cooperation': 'cooperation',
  'sum total': 'total',
  'postpone until later': 'postpone',
  'plan ahead': 'plan',
  'fellow colleague': 'colleague',
  'fellow colleagues': 'colleagues',
  'personal opinion': 'opinion',
  'major breakthrough': 'breakthrough',
  'very unique': 'unique',
  'new record': 'record',
  'a.m. in the morning': 'a.m.',
  'p.m. in the evening': 'p.m.',
  'p.m. tonight': 'p.m. today',
  'p.m. in the afternoon': 'p.m.',
  'a.m. this morning': 'a.m. today',
  'over exaggerate': 'exaggerate',
  'over-exaggerate': 'exaggerate',
  'each individual': 'each',
  'general consensus': 'consensus',
  'period of time': 'period',
  'time period': 'period',
  'originally created': 'created',
  'completely filled': 'filled',
  'estimated at about': 'estimated at',
  'estimated at approximately': 'estimated at',
  'currently underway': 'underway',
  'previously scheduled': 'scheduled',
  'still continues': 'continues',
  'reason why': 'reason',
  'foreign imports': 'imports',
  'mix together': 'mix',
  'shrug his shoulders': 'shrug',
  'shrugged his shoulders': 'shrugged',
  'shrugged her shoulders': 'shrugged',
  'kneel down': 'kneel',
  'knelt down': 'knelt',
  'raise up': 'raise',
  'circle around': 'circle',
  'circled around': 'circled',
  'surrounded on all sides': 'surrounded',
  'visible to the eye': 'visible',
  'difficult dilemma': 'dilemma',
};

const LOWER: Record<string, string> = Object.fromEntries(Object.entries(REDUNDANT).map(([k, v]) => [k.toLowerCase(), v]));

export const redundancy = defineRule({
  id: 'clarity/redundancy',
  category: 'clarity',
  actions: ['concise', 'readability', 'professional', 'simplify'],
  explanation: 'A redundancy says the same thing twice (past history, end result, free gift): cut the word that repeats the idea.',
  autoFix: true,
  check(doc) {
    return scan(doc.text, phraseRegex(Object.keys(REDUNDANT)), (m) => {
      const short = lookup(LOWER, m[0]);
      if (short === undefined) return null;
      // "a new record label" is a new label, not a redundant record
      if (
        /^new record$/i.test(m[0]) &&
        /^\s+(?:labels?|stores?|shops?|compan(?:y|ies)|players?|albums?|deals?)\b/i.test(
          doc.text.slice(m.index + m[0].length, m.index + m[0].length + 12),
        )
      )
        return null;
      const suggestion = /^[A-Z]{2,}/.test(short) ? short : matchCase(m[0], short);
      return { start: m.index, end: m.index + m[0].length, message: `Redundant: "${m[0]}" means "${short}".`, suggestion };
    });
  },
});
