import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { serialComma } from './serial-comma';

describe('style/serial-comma', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(serialComma.id).toBe('style/serial-comma');
    expect(serialComma.category).toBe('style');
    expect(serialComma.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The library offers free tutoring, computer classes, and English lessons.', 'computer classes, and', 'computer classes and'],
    ['The clinic offers vaccinations, checkups, or dental cleanings.', 'checkups, or', 'checkups or'],
    ['The mayor, the police chief, and the fire chief spoke.', 'the police chief, and', 'the police chief and'],
    ['She lived in Columbia, Charleston, and Greenville.', 'Charleston, and', 'Charleston and'],
    ['Crews cleared, graded, and paved the lot.', 'graded, and', 'graded and'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(serialComma, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The unit will employ 35 nurses, counselors and therapists.',
    'He left the room, she stayed behind, and they argued.',
    'The company moved from Fresno, California, and opened a plant.',
    'The agency, known as TriMet, and the union have been negotiating since November.',
    'Jane Roe, 45, and her son were taken to a hospital.',
    'Mayor Ann Lee, the council president, and her husband attended the ceremony.',
    'The menu offers toast, juice, and ham and eggs.',
    // a place with its state, then a second verb: no series
    'Ortiz was born in Columbia, South Carolina, in 1950, and moved to Dayton in 1972 to work as a nurse.',
    'She grew up in Santa Fe, New Mexico, and later in Austin, and worked as a nurse.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(serialComma, text)).toEqual([]);
  });
});
