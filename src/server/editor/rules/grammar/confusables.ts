import { matchCase } from '../../text/words';
import { defineRule, scan, wordRegex } from '../rule';
import type { Hit } from '../rule';

/** Countable nouns that take "fewer", not "less". Units of time, money and distance keep "less". */
const COUNTABLE =
  'people|persons|students|cars|vehicles|jobs|workers|employees|residents|members|houses|homes|cases|deaths|crimes|arrests|votes|children|teachers|patients|beds|seats|buses|trips|visits|calls|complaints|accidents|crashes|customers|visitors|items|books|schools|doctors|nurses|officers|shootings|injuries|games|words|stores|restaurants|units|apartments|permits|applications|tickets|voters|candidates|companies|businesses|families|animals|trees|options|choices|mistakes|errors|problems';

interface Pattern {
  re: RegExp;
  fix: (m: RegExpExecArray) => string;
  message: (m: RegExpExecArray) => string;
}

const PATTERNS: Pattern[] = [
  {
    re: wordRegex(
      '(unclear|not sure|uncertain|know|decide|decides|decided|ask|asked|asks|wonder|wonders|wondering|see|determine|question of|undecided about)\\s+(weather)(?=\\s+(?:the|or|to|it|he|she|they|we|a|an|this|that|voters|residents)\\b)',
      'giu',
    ),
    fix: (m) => `${m[1]} ${matchCase(m[2]!, 'whether')}`,
    message: () => '"Weather" is rain and sun; the conjunction is "whether".',
  },
  {
    re: wordRegex(
      '(wont)(?=\\s+(?:be|have|go|get|pay|need|take|make|let|say|stop|change|happen|work|come|open|close|run|allow|know|see|do|last|return|affect|cost|face|seek|use)\\b)',
      'giu',
    ),
    fix: (m) => matchCase(m[1]!, 'won’t'),
    message: () => '"Wont" means habit; the contraction is "won\'t".',
  },
  {
    re: wordRegex(
      '(more|less|better|worse|rather|other|greater|larger|smaller|fewer|higher|lower|faster|slower|older|younger|bigger|earlier|later|longer|shorter)\\s+then',
      'giu',
    ),
    fix: (m) => `${m[1]} than`,
    message: () => 'Comparisons take "than", not "then".',
  },
  {
    re: wordRegex(`less\\s+(${COUNTABLE})`, 'giu'),
    fix: (m) => `${matchCase(m[0], 'fewer')} ${m[1]}`,
    message: () => 'Use "fewer" for things you can count, "less" for amounts.',
  },
  {
    re: wordRegex('(was|were|is|are|been|be)\\s+lead\\s+by', 'giu'),
    fix: (m) => `${m[1]} led by`,
    message: () => 'The past tense of "lead" is "led".',
  },
  {
    re: wordRegex('(the|an)\\s+affect\\s+(of|on)', 'giu'),
    fix: (m) => `${m[1]} effect ${m[2]}`,
    message: () => '"Effect" is the noun (the effect of); "affect" is the verb.',
  },
  {
    // "has effected the neighborhood": to effect is to bring about ("effected a change"), so an object that is hurt or moved needs "affected"
    re: wordRegex(
      '(has|have|had|was|were|been|is|are)\\s+effected\\s+(the|this|that|these|those|his|her|their|our|my|its|every|everyone|everybody|many|some|all|us|them|him|me|you|by)',
      'giu',
    ),
    fix: (m) => `${m[1]} affected ${m[2]}`,
    message: () => '"Affect" is the verb for having an effect on something; "effect" as a verb means to bring about.',
  },
  {
    re: wordRegex('(to|will|could|would|might|may)\\s+loose', 'giu'),
    fix: (m) => `${m[1]} lose`,
    message: () => '"Lose" is the verb (to lose); "loose" means not tight.',
  },
  {
    // "your right to vote", "your welcome packet" and "your being here" are possessives
    re: wordRegex('your\\s+(welcome(?=\\s*[.,!?;])|going(?=\\s+to\\b)|not(?=\\s+(?:going|sure|allowed|supposed|alone)\\b))', 'giu'),
    fix: (m) => `${matchCase(m[0], 'you’re')} ${m[1]}`,
    message: () => '"You’re" means you are; "your" is possessive.',
  },
  { re: wordRegex('sneak\\s+peak', 'giu'), fix: (m) => matchCase(m[0], 'sneak peek'), message: () => 'A quick look is a "peek".' },
  {
    // rain pours over a city and water over a dam; only reading matter is pored over
    re: wordRegex(
      '(pour|poured|pouring)\\s+over(?=\\s+(?:the\\s+|his\\s+|her\\s+|their\\s+)?(?:documents|records|files|reports|data|details|notes|transcripts|statements|receipts|emails|maps|pages|books|papers|figures|numbers)\\b)',
      'giu',
    ),
    fix: (m) =>
      `${matchCase(m[1]!, ({ pour: 'pore', poured: 'pored', pouring: 'poring' } as Record<string, string>)[m[1]!.toLowerCase()]!)} over`,
    message: () => 'To study closely is to "pore over".',
  },
  {
    re: wordRegex('for\\s+all\\s+intensive\\s+purposes', 'giu'),
    fix: (m) => matchCase(m[0], 'for all intents and purposes'),
    message: () => 'The phrase is "for all intents and purposes".',
  },
  {
    // "turned to advice columns" is right, so only the verb slot after "to" for "breath"
    re: wordRegex('(?<!\\b(?:of|from|next|close)\\s+)to\\s+breath(?!\\s+(?:test|tests|sample|samples|mints?))', 'giu'),
    fix: () => 'to breathe',
    message: () => 'The verb is "breathe".',
  },
];

export const confusables = defineRule({
  id: 'grammar/confusables',
  category: 'grammar',
  explanation: 'Commonly confused words (than and then, fewer and less, led and lead, effect and affect) change the meaning of a sentence.',
  autoFix: true,
  check(doc) {
    const hits: Hit[] = [];
    for (const p of PATTERNS) {
      hits.push(
        ...scan(doc.text, p.re, (m) => ({ start: m.index, end: m.index + m[0].length, message: p.message(m), suggestion: p.fix(m) })),
      );
    }
    return hits;
  },
});
