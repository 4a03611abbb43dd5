import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { logistics } from './logistics';

describe('quote/logistics', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(logistics.id).toBe('quote/logistics');
    expect(logistics.category).toBe('quote');
    expect(logistics.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    [
      '"New maps will be posted at every stop and on our website by the end of March," Lund said.',
      'New maps will be posted at every stop and on our website by the end of March',
      null,
    ],
    [
      '"The clinic will be located on the second floor, and visitors will enter through the east lobby," Moss said.',
      'The clinic will be located on the second floor, and visitors will enter through the east lobby',
      null,
    ],
    [
      '"The meeting starts at 6:30 p.m. in the council chambers," said Irene Vasquez.',
      'The meeting starts at 6:30 p.m. in the council chambers',
      null,
    ],
    ['"Registration is available online," Hurley said.', 'Registration is available online', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(logistics, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['"Anyone who skipped a flu shot because of the cost has no reason to wait now," Delgado said.'])('leaves alone %s', (text) => {
    expect(hitsOf(logistics, text)).toEqual([]);
  });
});
