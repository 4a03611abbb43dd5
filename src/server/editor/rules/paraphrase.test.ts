import { describe, expect, it } from 'vitest';
import { hiddenActor } from './clarity/hidden-actor';
import { jargonCliches } from './clarity/jargon-cliches';
import { passiveVoice } from './clarity/passive-voice';
import { eventWithoutDate } from './context/event-without-date';
import { studyWithoutSource } from './context/study-without-source';
import { undefinedAcronyms } from './context/undefined-acronyms';
import { civilClaimsAsFact } from './legal/civil-claims-as-fact';
import { criminalLabels } from './legal/criminal-labels';
import { crimesAsFact } from './legal/crimes-as-fact';
import { factsOnly } from './quote/facts-only';
import type { Rule } from './rule';
import { smallNumbers } from './style/small-numbers';
import { agreement } from './grammar/agreement';
import { confusables } from './grammar/confusables';
import { stateNames } from './style/state-names';
import { hitsOf } from './test-helpers';
import { hedges } from './vague/hedges';
import { unnamedSources } from './vague/unnamed-sources';

// The same slips in the other words reporters use for them, and the right copy that looks like them.
describe('rules on paraphrase', () => {
  it.each<[string, Rule, string, string]>([
    ['a crowd in a relative clause', unnamedSources, 'Service ends June 1, a change riders say will strand them.', 'a change riders say'],
    [
      'a crowd placed by a neighborhood',
      unnamedSources,
      'Some folks in the Maple Hill neighborhood have been complaining for months.',
      'Some folks in the Maple Hill neighborhood have been complaining',
    ],
    ['observers as a crowd', unnamedSources, 'Sales have grown, and market watchers expect more.', 'market watchers expect'],
    ['a reputation nobody holds', hedges, 'She was widely regarded as the best coach in the league.', 'widely regarded'],
    ['a doubled hedge', hedges, 'The change could potentially save money.', 'could potentially'],
    [
      'a suit’s claim in an appositive',
      civilClaimsAsFact,
      'The firm faces a lawsuit from Lund Supply, a vendor it stiffed on $80,000 in invoices.',
      'a vendor it stiffed',
    ],
    [
      'a suit’s claim with a told inside it',
      civilClaimsAsFact,
      'Rhea Cole sued the county in May. The county demoted her after she told auditors about the missing funds and retaliated against her.',
      'The county demoted her after she told auditors about the missing funds and retaliated',
    ],
    [
      'vandalism stated of the arrested',
      crimesAsFact,
      'A man who defaced two murals downtown was arrested Friday and charged with criminal mischief.',
      'who defaced',
    ],
    [
      'a label for the accused',
      criminalLabels,
      'Police arrested a 22-year-old man Sunday. The holdup man had $300 in his pocket, police said.',
      'The holdup man',
    ],
    ['a state abbreviation after "as far as"', stateNames, 'Crews came from as far away as Tenn. to help.', 'Tenn.'],
    ['the second of two states', stateNames, 'The card was used in Ohio and Pa. over the weekend.', 'Pa.'],
    [
      'a hearing a judge scheduled',
      eventWithoutDate,
      'The judge set bail at $5,000 and scheduled a preliminary hearing.',
      'scheduled a preliminary hearing',
    ],
    [
      'a hearing named by its subject',
      eventWithoutDate,
      'A hearing on the city’s motion to dismiss the case has been scheduled.',
      'A hearing on the city’s motion to dismiss the case has been scheduled',
    ],
    [
      'a meeting a board will hold',
      eventWithoutDate,
      'The council will vote on the plan at a special meeting.',
      'will vote on the plan at a special meeting',
    ],
    ['people not told', hiddenActor, 'Parents were never told about the lead test.', 'were never told'],
    ['effect for affect', confusables, 'The closure has effected every business on Main Street.', 'has effected every'],
    ['a scientist’s term', jargonCliches, 'The trial tracked all-cause mortality for five years.', 'all-cause mortality'],
    [
      'a study as the only source',
      studyWithoutSource,
      'Walkers live longer, according to a study released this week.',
      'according to a study released this week',
    ],
    [
      'a study after another sentence',
      studyWithoutSource,
      'The results came this month. One recent study linked the chemicals to cancer.',
      'One recent study linked',
    ],
    ['one owner’s noun with a plural verb', agreement, 'Her lawyer said her client have no criminal record.', 'have'],
  ])('flags %s', (_what, rule, text, flagged) => {
    expect(hitsOf(rule, text).map((h) => h.text)).toContain(flagged);
  });

  it.each<[string, Rule, string]>([
    ['an obituary’s survivors', passiveVoice, 'She is survived by two sons and a sister.'],
    ['a tornado’s rating', undefinedAcronyms, 'The weather service said an EF1 tornado touched down near Kessler.'],
    ['a basketball plural', smallNumbers, 'Ellison hit three straight 3s in a span of 1:48.'],
    [
      'a lawyer’s argument',
      factsOnly,
      '"The video doesn\'t show the first 30 seconds, and those are the seconds that matter," Wohlander said.',
    ],
    ['an employer that names the speakers', unnamedSources, 'Economists at Wells Fargo expect rates to fall.'],
    [
      'a settled suit',
      civilClaimsAsFact,
      'The county settled the lawsuit in May. It had demoted her after she told auditors about the money.',
    ],
    ['a dated hearing', eventWithoutDate, 'The judge scheduled a pretrial hearing for Jan. 9.'],
    ['a change brought about', confusables, 'The new board has effected a change in how money is spent.'],
    ['a report with its author', studyWithoutSource, 'Crime fell 8 percent, according to a report by the state auditor.'],
    [
      'a study sourced a sentence earlier',
      studyWithoutSource,
      'Shots were safe, according to a study published Wednesday in the journal Vaccine. Few had side effects, the study found.',
    ],
    ['a family as a group', agreement, 'His family have lived on the farm since 1921.'],
  ])('leaves alone %s', (_what, rule, text) => {
    expect(hitsOf(rule, text)).toEqual([]);
  });
});
