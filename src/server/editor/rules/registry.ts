import { civilClaimsAsFact } from './legal/civil-claims-as-fact';
import { arrestPresumption } from './legal/arrest-presumption';
import { eventWithoutDate } from './context/event-without-date';
import { studyWithoutSource } from './context/study-without-source';
import { changeWithoutFigure } from './context/change-without-figure';
import { cliches } from './quote/cliches';
import { elapsedYears } from './consistency/elapsed-years';
import { nameVariants } from './consistency/name-variants';
import { partsAndTotal } from './consistency/parts-and-total';
import { periodScores } from './consistency/period-scores';
import { personDetails } from './consistency/person-details';
import { restatedFigures } from './consistency/restated-figures';
import { voteTallies } from './consistency/vote-tallies';
import { weekdayDate } from './consistency/weekday-date';
import { hiddenActor } from './clarity/hidden-actor';
import { fillerWords } from './clarity/filler-words';
import { jargonCliches } from './clarity/jargon-cliches';
import { longSentences } from './clarity/long-sentences';
import { passiveVoice } from './clarity/passive-voice';
import { redundancy } from './clarity/redundancy';
import { redundantAcronyms } from './clarity/redundant-acronyms';
import { simplerWords } from './clarity/simpler-words';
import { wordyPhrases } from './clarity/wordy-phrases';
import { anonymousSources } from './context/anonymous-sources';
import { changeWithoutBaseline } from './context/change-without-baseline';
import { undefinedAcronyms } from './context/undefined-acronyms';
import { agreement } from './grammar/agreement';
import { commonMisspellings } from './grammar/common-misspellings';
import { confusables } from './grammar/confusables';
import { harperGrammar } from './grammar/harper-grammar';
import { indefiniteArticle } from './grammar/indefinite-article';
import { itsIts } from './grammar/its-its';
import { wordRoles } from './grammar/word-roles';
import { danglingModifiers } from './grammar/dangling-modifiers';
import { repeatedWords } from './grammar/repeated-words';
import { spelling } from './grammar/spelling';
import { theirThere } from './grammar/their-there';
import { convictedWhenCharged } from './legal/convicted-when-charged';
import { crimesAsFact } from './legal/crimes-as-fact';
import { criminalLabels } from './legal/criminal-labels';
import { factsOnly } from './quote/facts-only';
import { logistics } from './quote/logistics';
import { prLanguage } from './quote/pr-language';
import { alteredFromSource, notInSources } from './quote/sources';
import { unattributed } from './quote/unattributed';
import type { Rule } from './rule';
import { hedges } from './vague/hedges';
import { unsupportedClaims } from './vague/unsupported-claims';
import { unnamedSources } from './vague/unnamed-sources';
import { weaselQuantities } from './vague/weasel-quantities';
import { addresses } from './style/addresses';
import { ages } from './style/ages';
import { americanSpelling } from './style/american-spelling';
import { compoundModifiers } from './style/compound-modifiers';
import { euphemisms } from './style/euphemisms';
import { capitalization } from './style/capitalization';
import { apWords } from './style/ap-words';
import { courtesyTitles } from './style/courtesy-titles';
import { dates } from './style/dates';
import { figureAtStart } from './style/figure-at-start';
import { junior } from './style/junior';
import { largeNumbers } from './style/large-numbers';
import { money } from './style/money';
import { ordinals } from './style/ordinals';
import { percentages } from './style/percentages';
import { relativeDays } from './style/relative-days';
import { said } from './style/said';
import { serialComma } from './style/serial-comma';
import { smallNumbers } from './style/small-numbers';
import { stateNames } from './style/state-names';
import { times } from './style/times';
import { titles } from './style/titles';

/** Every rule the engine runs, one line each. A new rule is one file plus one line here. */
export const rules: readonly Rule[] = [
  smallNumbers,
  largeNumbers,
  figureAtStart,
  ordinals,
  ages,
  dates,
  times,
  stateNames,
  courtesyTitles,
  said,
  apWords,
  money,
  percentages,
  relativeDays,
  serialComma,
  addresses,
  titles,
  junior,
  americanSpelling,
  compoundModifiers,
  euphemisms,
  capitalization,
  spelling,
  harperGrammar,
  commonMisspellings,
  theirThere,
  itsIts,
  agreement,
  confusables,
  repeatedWords,
  indefiniteArticle,
  wordRoles,
  danglingModifiers,
  passiveVoice,
  hiddenActor,
  wordyPhrases,
  simplerWords,
  redundancy,
  redundantAcronyms,
  jargonCliches,
  longSentences,
  fillerWords,
  prLanguage,
  cliches,
  logistics,
  factsOnly,
  unattributed,
  alteredFromSource,
  notInSources,
  undefinedAcronyms,
  changeWithoutBaseline,
  changeWithoutFigure,
  studyWithoutSource,
  eventWithoutDate,
  anonymousSources,
  unnamedSources,
  weaselQuantities,
  hedges,
  unsupportedClaims,
  criminalLabels,
  convictedWhenCharged,
  crimesAsFact,
  arrestPresumption,
  civilClaimsAsFact,
  nameVariants,
  personDetails,
  voteTallies,
  partsAndTotal,
  periodScores,
  elapsedYears,
  weekdayDate,
  restatedFigures,
];

export const ruleById: ReadonlyMap<string, Rule> = new Map(rules.map((r) => [r.id, r]));
