import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { stateNames } from './state-names';

describe('style/state-names', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(stateNames.id).toBe('style/state-names');
    expect(stateNames.category).toBe('style');
    expect(stateNames.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The consultant is from Fresno, Calif., and starts Monday.', 'Calif.', 'California'],
    ['She taught in Springfield, Ill., for years.', 'Ill.', 'Illinois'],
    ['The plant in Austin, TX, will close.', 'TX', 'Texas'],
    ['Jane Roe, MD, treated him in Baltimore.', 'MD', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(stateNames, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'Sen. Alex Padilla, D-Calif., voted no.',
    'SPRINGFIELD, Ill. (AP) — A former state payroll manager pleaded not guilty Tuesday.',
    'WINSTON-SALEM, N.C. — The plant will close.',
    'Greystone will close its Corvin Falls, Ohio, warehouse.',
    'Miss Jones taught music.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(stateNames, text)).toEqual([]);
  });
});
