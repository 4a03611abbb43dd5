import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { undefinedAcronyms } from './undefined-acronyms';

describe('context/undefined-acronyms', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(undefinedAcronyms.id).toBe('context/undefined-acronyms');
    expect(undefinedAcronyms.category).toBe('context');
    expect(undefinedAcronyms.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ["The district will seek a loan through the state's SRF program.", 'SRF', null],
    ['Owners must apply for a ZPA before the ban.', 'ZPA', null],
    ['The KFD said the fire started in a garage.', 'KFD', null],
    ['Drivers face a 20-minute detour, PennDOT said.', 'PennDOT', null],
    ['The findings, published Tuesday, drew on the NHIS survey.', 'NHIS', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(undefinedAcronyms, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'The FBI and NASA were not involved.',
    'BOISE, Idaho (AP) — The council voted Tuesday.',
    'UP NEXT\n\nCubs: Wills starts Monday.',
    'THEFT: A bike was taken from a garage.',
    'The State Revolving Fund (SRF) lends money.',
    'The tax increment financing district, or TIF, was approved.',
    // a publication named by its initials
    'The findings were published Tuesday in The BMJ.',
    'The study appeared in the journal NEJM Evidence.',
    'The Minnesota Department of Transportation (MnDOT) will close the bridge.',
    'Gov. Ron DeSantis and Sen. Ted McCarthy spoke.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(undefinedAcronyms, text)).toEqual([]);
  });
});
