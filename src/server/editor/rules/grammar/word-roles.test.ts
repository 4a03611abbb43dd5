import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { wordRoles } from './word-roles';

describe('grammar/word-roles', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(wordRoles.id).toBe('grammar/word-roles');
    expect(wordRoles.category).toBe('grammar');
    expect(wordRoles.explanation).toMatch(/^\S.{20,300}\.$/);
  });

  it.each([
    ['The band sold the rights to it’s first album.', 'it’s', 'its'],
    ["Eastview pressed all night, and it's full-court defense forced 20 turnovers.", "it's", 'its'],
    ['Okafor scored 22 points and lead the team with nine rebounds.', 'lead', 'led'],
    ['Police said Ames lead officers on a chase through town.', 'lead', 'led'],
    ['The amount of complaints doubled after the change.', 'amount of', 'number of'],
    ['Neither the mayor nor the city manager have commented.', 'have', 'has'],
    ['Neither Harlow nor Ames were ready for the storm.', 'were', 'was'],
    ['The council have voted to delay the plan.', 'have', 'has'],
    ['After two days, the jury were still out.', 'were', 'was'],
    ['Motorists should except delays on Route 9.', 'except', null],
    ['The mens team won its opener.', 'mens', 'men’s'],
    ["Ruiz, who's mother coached the team in 1990, scored twice.", "who's", 'whose'],
    ['A worn gasket was the principle cause of the leak.', 'principle', 'principal'],
    ['Lee said the race between she and Ortiz is close.', 'she', 'her'],
    ['Workers must give 30 days notice before leaving.', 'days', 'days’'],
    ['Ortiz said the towns budget cannot absorb the debt.', 'towns', 'town’s'],
    ['The plan was to costly for the town, Lee said.', 'to', 'too'],
    ['Park said the roof is to old to patch.', 'to', 'too'],
    ['Hale joined the department in 1990. The award is the departments highest honor.', 'departments', 'department’s'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(wordRoles, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    "It's been a hard year, and it's raised questions.",
    'Coaches let Tate lead the team in practice.',
    'The council members have voted to delay the plan.',
    'Members of the team are expected to testify.',
    'The teachers union said the schools budget is short.',
    'The amount of money is small.',
    'The amount of damages was not disclosed.',
    'Neither the mayor nor the council members have commented.',
    'Everyone except the mayor voted yes.',
    'Prices went from cheap to expensive in a year.',
    "Ruiz, who's coached the team since 1990, scored twice.",
    'The principle of open records applies.',
    'The storm lasted 30 days before it eased.',
    'The vote was to close the school.',
    'The towns of Ames and Boone share a fire chief.',
    'The cities budget for snow removal every fall.',
    'Crews from the counties road departments helped.',
    '"Nobody saw it’s coming," she said.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(wordRoles, text)).toEqual([]);
  });
});
