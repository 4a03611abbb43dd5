import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { changeWithoutFigure } from './change-without-figure';

describe('context/change-without-figure', () => {
  it('has an id, a category and a one-sentence explanation, and asks rather than fixes', () => {
    expect(changeWithoutFigure.id).toBe('context/change-without-figure');
    expect(changeWithoutFigure.category).toBe('context');
    expect(changeWithoutFigure.explanation).toMatch(/^\S.{20,260}\.$/);
    expect(changeWithoutFigure.autoFix).toBe(false);
  });

  it.each([
    ['Home prices climbed dramatically over the past year.', 'climbed dramatically'],
    ['Applications to the program are up, the director said.', 'are up'],
    ['Shoplifting complaints went up after the store cut its security staff.', 'went up'],
    ['Property taxes have soared in the county.', 'soared'],
    ['Enrollment at Central High plunged this fall.', 'plunged'],
    ['The rate of thefts has risen sharply in the past month.', 'risen sharply'],
    // a route number, a year or a clock time is not the size of the change
    ['Ridership on the Route 9 bus has dropped sharply since the fare increase.', 'dropped sharply'],
    ['Crime downtown has fallen significantly since 2019.', 'fallen significantly'],
    // a capitalised subject with a period is a county, not a batter
    ['Hennepin County doubled its road budget last year.', 'doubled'],
    ['Home sales in Brant County doubled last month.', 'doubled'],
  ] as const)('flags %s', (text, flagged) => {
    expect(hitsOf(changeWithoutFigure, text)).toEqual([{ text: flagged, suggestion: null }]);
  });

  it('is not satisfied by a following sentence that gives a level rather than a comparison', () => {
    const text = 'Home sales in Brant County doubled last month. The median price was $312,000.';
    expect(hitsOf(changeWithoutFigure, text)).toEqual([{ text: 'doubled', suggestion: null }]);
  });

  it.each([
    'Sales fell 12 percent in March from a year earlier, the company reported.',
    'Ridership dropped from 4,100 to 3,200 riders a day between 2022 and 2024.',
    'Water bills nearly doubled, to $84 a quarter, after the meter swap.',
    'Farmers are storing grain and waiting for prices to rise sharply in the spring.',
    'The district’s enrollment has rebounded. A state count found 4,210 students this fall, up from 3,900.',
    'Ortega doubled in the fourth and scored from second.',
    'Maria Ortega doubled twice and drove in three runs.',
    'The firefighter jumped into the river to save the boy.',
    'The decision on prices is up to the council now.',
    'The council is up for election in November.',
    'She doubled down on her criticism of the plan.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(changeWithoutFigure, text)).toEqual([]);
  });
});
