import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { longSentences, splitSentence } from './long-sentences';

describe('clarity/long-sentences', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(longSentences.id).toBe('clarity/long-sentences');
    expect(longSentences.category).toBe('clarity');
    expect(longSentences.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    [
      'The council approved a district for the riverfront Monday, a plan that the mayor said will draw a hotel, a grocery store and more than 200 apartments to land that has sat empty for years, though two members voted against it and argued that the city cannot afford it.',
      'The council approved a district for the riverfront Monday, a plan that the mayor said will draw a hotel, a grocery store and more than 200 apartments to land that has sat empty for years, though two members voted against it and argued that the city cannot afford it.',
      'The council approved a district for the riverfront Monday, a plan that the mayor said will draw a hotel, a grocery store and more than 200 apartments to land that has sat empty for years. But two members voted against it and argued that the city cannot afford it.',
    ],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(longSentences, text)).toContainEqual({ text: flagged, suggestion });
  });

  it('does not count a dateline as part of the first sentence', () => {
    const lead =
      'RALEIGH, N.C. (AP) — State Sen. Marcus Bell won the Democratic primary for attorney general on Tuesday, defeating former prosecutor Janelle Oakes in a race that centered on how the state should spend its opioid money.';
    expect(hitsOf(longSentences, lead)).toEqual([]);
  });

  it.each([
    [
      'semicolons that separate the items of a series',
      'Survivors include her husband of 52 years, Robert, of Wilmont; a son, David, of Des Moines; a daughter, Anne Kraus, of Omaha, Nebraska; a sister, Ruth Ann Miller, of Sioux City, Iowa; seven grandchildren; and three great-grandchildren who live nearby.',
    ],
    [
      'an "and" that joins two objects, not two clauses',
      'The council approved a contract with Harmon Construction for road repairs on the north side of town and the new sidewalks along Elm Street, and the remaining money for a new fire station on the south side.',
    ],
  ])('does not split %s', (_why, text) => {
    expect(splitSentence(text)).toBeNull();
  });

  it.each([
    'Survivors include her husband of 52 years, Robert, of Wilmont; a son, David, of Des Moines; a daughter, Anne Kraus, of Omaha, Nebraska; a sister, Ruth Ann Miller, of Sioux City, Iowa; seven grandchildren; and three great-grandchildren who live nearby.',
    "Senior forward Dana Price scored 19 points in the second half, and Lakeshore beat Granite Falls 61-55 on Friday night to win the district title and earn the school's first trip to the state tournament since 1998.",
    "Residents who switched to the county's new bus routes in the spring saved about 25 minutes a day on their commute to work, according to a survey of 1,400 riders released Tuesday by the regional transit authority.",
  ])('leaves alone a long sentence with a single line of action: %s', (text) => {
    expect(hitsOf(longSentences, text)).toEqual([]);
  });

  it('flags a sentence that stacks clause on clause even when each clause is short', () => {
    const text =
      'The board said it would vote next month after residents who live near the plant asked whether the county had tested the water, which officials said they did in May, though the results that were sent to families were not shared with the council.';
    expect(hitsOf(longSentences, text)).toHaveLength(1);
  });

  it('keeps "so" and never doubles an abbreviation\'s period', () => {
    expect(
      splitSentence(
        'The plant on the east side of town closed for three weeks in the spring after a fire in the boiler room, so the company moved production to its other plant in Ohio for the rest of the year.',
      ),
    ).toBe(
      'The plant on the east side of town closed for three weeks in the spring after a fire in the boiler room. So the company moved production to its other plant in Ohio for the rest of the year.',
    );
    expect(
      splitSentence(
        'The county signed a five-year contract for trash pickup and recycling with Harmon Waste Inc., and the company will start collecting in every township on the first Monday of January.',
      ),
    ).toBe(
      'The county signed a five-year contract for trash pickup and recycling with Harmon Waste Inc. The company will start collecting in every township on the first Monday of January.',
    );
  });

  it.each(['The council approved the plan Monday.'])('leaves alone %s', (text) => {
    expect(hitsOf(longSentences, text)).toEqual([]);
  });
});
