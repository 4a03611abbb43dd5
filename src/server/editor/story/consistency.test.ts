import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../analyze';
import { parseCorpus, score } from '../evaluation/score';
import type { Finding } from '../types';

const NOW = new Date(Date.UTC(2026, 10, 29));

async function consistency(text: string, now = NOW): Promise<Finding[]> {
  return (await analyze(text, { now })).findings.filter((f) => f.category === 'consistency');
}

/** The one consistency finding: its span, the other place it names, and that a person must decide. */
async function only(text: string, now = NOW) {
  const found = await consistency(text, now);
  expect(found).toHaveLength(1);
  const f = found[0]!;
  expect(f.suggestion).toBeNull();
  expect(text.slice(f.related!.start, f.related!.end)).toBe(f.related!.text);
  expect(f.message).toContain(f.related!.text);
  return { text: f.text, related: f.related!.text };
}

describe('consistency: the story against itself', () => {
  it('flags the one odd spelling of a name and points at the usual one', async () => {
    const text =
      'Library Director Susan Parke said the branch needs a new roof. Park said the roof leaks in heavy rain. "We put buckets out," Park said. Park added that the city agreed to pay for repairs.';
    expect(await only(text)).toEqual({ text: 'Parke', related: 'Park' });
    expect(await consistency(text.replace('Parke', 'Park'))).toEqual([]);
  });

  it('does not take two people who share a surname for a misspelling', async () => {
    const text =
      'Harold Pugh, 90, died Friday. His sister, Angela Pugh, 84, said he died at a nursing home. Pugh ran a hardware store for 40 years, she said.';
    expect(await consistency(text)).toEqual([]);
  });

  it('flags an age, a title or a party that changes between references', async () => {
    expect(
      await only('Marcus Reyes, 31, was sentenced Tuesday. His attorney said the 33-year-old Reyes had no prior felony convictions.'),
    ).toEqual({
      text: '33-year-old',
      related: '31',
    });
    expect(await only('Mayor Anita Brooks opened the meeting. Later, Council member Anita Brooks said the budget was balanced.')).toEqual({
      text: 'Council member',
      related: 'Mayor Anita Brooks',
    });
    expect(
      await only('State Rep. Dana Whitfield (D-Fairview) won a fourth term. Whitfield, a Republican, chairs the Education Committee.'),
    ).toEqual({
      text: 'Republican',
      related: 'D',
    });
    const agreeing =
      'State Rep. Dana Whitfield (D-Fairview), 52, won a fourth term. Whitfield, a Democrat, chairs the Education Committee. Rep. Whitfield said the 52-year-old lawmaker would not run again. Former Mayor Anita Brooks said Brooks the council member would run.';
    expect(await consistency(agreeing)).toEqual([]);
  });

  it('flags a tally that contradicts "unanimously" or a deciding vote', async () => {
    expect(await only('The board voted unanimously to raise bus fares. The 6-1 vote came after two hours of public comment.')).toEqual({
      text: '6-1',
      related: 'unanimously',
    });
    expect(
      await only(
        'The council voted 5-2 to approve the library plan. Lydia Okafor cast the deciding vote after the city agreed to keep the branch open.',
      ),
    ).toEqual({
      text: 'deciding vote',
      related: '5-2',
    });
    expect(
      await consistency(
        'The council voted 4-3 to approve the library budget, with Mayor Paul Brennan casting the deciding vote. Earlier, the council unanimously approved the consent agenda.',
      ),
    ).toEqual([]);
  });

  it('flags parts that do not add up to the stated total', async () => {
    expect(
      await only(
        'The $12 million bond would pay for three projects: $5 million for roads, $4 million for parks and $2 million for sewer lines.',
      ),
    ).toMatchObject({ related: '$12 million' });
    expect(await only('Three council members, Joan Ortiz and Ray Bell, voted against the measure.')).toEqual({
      text: 'Joan Ortiz and Ray Bell',
      related: 'Three council members',
    });
    expect(
      await consistency(
        'The $12 million bond would pay for three projects: $5 million for roads, $4 million for parks and $3 million for sewer lines. Three council members, Joan Ortiz, Ray Bell and Tom Lee, voted against it. The children, ages 2, 4 and 7, were treated.',
      ),
    ).toEqual([]);
  });

  it('counts ages and anniversaries to the story’s own date, or to today without one', async () => {
    expect(await only('The council met Tuesday, Nov. 3, 2026. The library opened in 1964, 60 years ago.')).toEqual({
      text: '60 years ago',
      related: '1964',
    });
    expect(await consistency('The council met Tuesday, Nov. 5, 2024. The library opened in 1964, 60 years ago.')).toEqual([]);
    const undated = 'The library opened in 1964. The 60-year-old library needs a new roof.';
    expect(await only(undated, NOW)).toEqual({ text: '60-year-old', related: '1964' });
    expect(await consistency(undated, new Date(Date.UTC(2024, 5, 1)))).toEqual([]);
    const obituary = 'Margaret Ellison died Nov. 1, 2026, at her home. She was 88. Ellison was born April 2, 1936, in rural Kansas.';
    expect(await only(obituary)).toEqual({ text: '88', related: 'April 2, 1936' });
    expect(await consistency(obituary.replace('88', '90'))).toEqual([]);
    const served = 'The council met Tuesday, Nov. 3, 2026. The library opened in 1964 and has served readers for 60 years.';
    expect(await only(served)).toEqual({ text: '60 years', related: '1964' });
    expect(await consistency(served.replace('60 years', '62 years'))).toEqual([]);
  });

  it('flags a weekday that does not fall on its date, with or without the year', async () => {
    expect(await only('The trial is set for Monday, Dec. 1, 2026.')).toEqual({ text: 'Monday', related: 'Dec. 1, 2026' });
    expect(await consistency('The trial is set for Tuesday, Dec. 1, 2026.')).toEqual([]);
    expect(await only('Team officials spoke Tuesday, Sept. 8, 2026. The first game is Friday, Sept. 12.')).toEqual({
      text: 'Friday',
      related: 'Sept. 12',
    });
    // a yearless date far from any date the story gives is not placed in a year
    expect(await consistency('Crews will begin work on Monday, Aug. 5.', NOW)).toEqual([]);
  });

  it('flags a figure restated differently later, not two figures about different things', async () => {
    expect(
      await only('The council approved a $48.6 million budget. Critics said the $46.8 million budget leaves out road repairs.'),
    ).toEqual({
      text: '$46.8 million',
      related: '$48.6 million',
    });
    expect(await only('The company will cut 140 jobs. The 150 layoffs begin in April.')).toEqual({ text: '150', related: '140' });
    expect(
      await consistency(
        'The council approved a $48.6 million budget. Critics said the $48.6 million budget leaves out road repairs. A theft was reported in the 400 block of Cedar Avenue. A fight broke out in the 100 block of Main Street.',
      ),
    ).toEqual([]);
  });

  it('flags a given name spelled two ways, but not relatives or a pair named together', async () => {
    const text =
      'Kieran Voss, 24, was arrested Tuesday on a theft charge. Voss was released on bond. Prosecutors said Kieran Voss had a prior conviction. Keiran Voss is due in court Friday.';
    expect(await only(text)).toEqual({ text: 'Keiran Voss', related: 'Kieran Voss' });
    expect(await consistency(text.replace('Keiran', 'Kieran'))).toEqual([]);
    expect(
      await consistency('Jolene Marsh opened the bakery in May. Her sister, Jolena Marsh, bakes the bread. Marsh said the shop is busy.'),
    ).toEqual([]);
    expect(await consistency('Mario Lugo and his daughter, Maria Lugo, run the cafe. Mario Lugo said it opened in spring.')).toEqual([]);
  });

  it('reads an age given as a clause or as a bare description of the person', async () => {
    expect(
      await only('Tamsin Orr, 52, filed the lawsuit in March. The city has not responded. Orr, who is 54, said she will not settle.'),
    ).toEqual({ text: '54', related: '52' });
    expect(
      await only(
        'Walt Gruber, 80, still drives the school bus. He has driven it since 1990. "I like the kids," Gruber said. The 78-year-old says he will keep driving.',
      ),
    ).toEqual({ text: '78-year-old', related: '80' });
    expect(
      await consistency(
        'Walt Gruber, 80, still drives the school bus. Gruber, who is 80, has driven it since 1990. A 12-year-old rider said she likes him. The 80-year-old says he will keep driving. Gruber was 25 when he started.',
      ),
    ).toEqual([]);
  });

  it('flags a rank that changes for one job, not two descriptions of one person', async () => {
    expect(
      await only(
        'Omar Siddiqui, a senior engineer at the plant, found the leak. He reported it Monday. Siddiqui, a junior engineer, said the valve was old.',
      ),
    ).toEqual({ text: 'junior engineer', related: 'senior engineer' });
    expect(
      await consistency(
        'Omar Siddiqui, a senior engineer at the plant, found the leak. Siddiqui, a father of two, said the valve was old. Siddiqui, an engineer since 2010, reported it.',
      ),
    ).toEqual([]);
  });

  it('reads "the Democratic mayor said" as the one person its paragraph quotes', async () => {
    const text =
      'Mayor Rhea Collins, a Republican, vetoed the budget Friday.\n\nThe Democratic mayor said the plan spent too much. "We cannot afford it," Collins said.';
    expect(await only(text)).toEqual({ text: 'Democratic', related: 'Republican' });
    expect(await consistency(text.replace('Democratic', 'Republican'))).toEqual([]);
    expect(
      await consistency(
        'Mayor Rhea Collins, a Republican, vetoed the budget.\n\nThe Democratic leader said the veto was wrong. "We will override it," said Council member Ada Finch. Collins and Finch will meet Monday.',
      ),
    ).toEqual([]);
  });

  it('ties "unanimously" to a tally reported just after it, and trusts a tally that names its dissent', async () => {
    expect(
      await only(
        'The zoning board voted unanimously Wednesday to allow a car wash on Elm Road. The permit was approved 4-1, with Gil Tran voting against it.',
      ),
    ).toEqual({ text: 'unanimously', related: '4-1' });
    expect(
      await consistency(
        'The zoning board voted unanimously Wednesday to allow a car wash on Elm Road. The board also approved a fence permit 4-1, with Gil Tran voting against it.',
      ),
    ).toEqual([]);
  });

  it('adds up clauses after "Of the N" and a game’s points by period', async () => {
    expect(
      await only('Of the 45 applicants for the job, 20 were from out of state and 19 were local residents. The board will decide in May.'),
    ).toEqual({ text: '20 were from out of state and 19', related: '45 applicants' });
    expect(
      await consistency(
        'Of the 45 applicants for the job, 26 were from out of state and 19 were local residents. Of the 45, about 30 had degrees.',
      ),
    ).toEqual([]);
    // a list of some groups, not all of them
    expect(await consistency('Of the 212 people hurt in the crash, 80 were children and 47 were women.')).toEqual([]);
    const game =
      'Central beat Lakeside 35-24 on Friday. The Eagles scored 14 points in the first quarter, 7 in the second, 7 in the third and 14 in the fourth.';
    expect(await only(game)).toEqual({
      text: '14 points in the first quarter, 7 in the second, 7 in the third and 14 in the fourth',
      related: '35-24',
    });
    expect(await consistency(game.replace('7 in the third', '0 in the third'))).toEqual([]);
    expect(
      await consistency(
        'Central beat Lakeside 35-24 on Friday. Jo Pike scored 6 points in the first quarter, 4 in the second, 5 in the third and 2 in the fourth.',
      ),
    ).toEqual([]);
  });

  it('counts a wedding anniversary from the year of the one marriage', async () => {
    const text =
      'Ada Lund died Friday, Oct. 2, 2026. She was 91. She married Per Lund in 1958. The couple marked their 50th wedding anniversary last year.';
    expect(await only(text)).toEqual({ text: '50th wedding anniversary', related: '1958' });
    expect(await consistency(text.replace('50th', '68th'))).toEqual([]);
    expect(await consistency(text.replace('last year', 'in 2008'))).toEqual([]);
  });

  it('keeps the people of each story in a roundup apart', async () => {
    const roundup =
      'SALEM, Ore. (AP) — Police arrested Dana Ruiz, 41, on a burglary charge Tuesday. Ruiz was held in the Marion County Jail.\n\nEUGENE, Ore. (AP) — Firefighter Leo Ruiz, 29, was hurt in a house fire. Ruiz, 29, was treated and released. The suspect was held in the Lane County Jail.';
    expect(await consistency(roundup)).toEqual([]);
  });

  it('finds at least 80% of the consistency corpus and nothing on its clean stories', async () => {
    const examples = parseCorpus(readFileSync(new URL('../fixtures/consistency.jsonl', import.meta.url), 'utf8'));
    expect(examples.filter((e) => e.clean).length).toBeGreaterThanOrEqual(4);
    expect(examples.filter((e) => e.expected.some((x) => x.category === 'consistency')).length).toBeGreaterThanOrEqual(8);
    const findings = new Map<string, Finding[]>();
    for (const e of examples) findings.set(e.id, (await analyze(e.text)).findings);
    const result = score(examples, (e) => findings.get(e.id) ?? []);
    const { expected, found } = result.perCategory.consistency;
    expect(found / expected).toBeGreaterThanOrEqual(0.8);
    expect(result.falsePositives.filter((f) => f.finding.category === 'consistency')).toEqual([]);
  });
});
