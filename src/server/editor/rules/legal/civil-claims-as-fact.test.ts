import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { civilClaimsAsFact } from './civil-claims-as-fact';

describe('legal/civil-claims-as-fact', () => {
  it('has an id, a category and a one-sentence explanation, and leaves the wording to the writer', () => {
    expect(civilClaimsAsFact.id).toBe('legal/civil-claims-as-fact');
    expect(civilClaimsAsFact.category).toBe('legal');
    expect(civilClaimsAsFact.explanation).toMatch(/^\S.{20,260}\.$/);
    expect(civilClaimsAsFact.autoFix).toBe(false);
  });

  it.each([
    [
      'Three former employees sued the Harbor Grill on Monday. The restaurant’s owners cheated the cooks out of overtime for years.',
      'The restaurant’s owners cheated',
    ],
    ['A lawsuit filed Tuesday targets the landlord. The landlord ignored repeated complaints about mold.', 'The landlord ignored'],
    // one claim, one finding
    ['The family sued the school district in federal court. Teachers knowingly ignored the bullying.', 'Teachers knowingly ignored'],
    ['Two drivers are suing the towing company. In March, the company illegally towed their cars.', 'the company illegally'],
  ] as const)('flags %s', (text, flagged) => {
    expect(hitsOf(civilClaimsAsFact, text)).toEqual([{ text: flagged, suggestion: null }]);
  });

  it.each([
    'Three former employees sued the Harbor Grill on Monday. The owners cheated the cooks out of overtime for years, the suit says.',
    'A lawsuit filed Tuesday targets the landlord. Tenants say the landlord ignored repeated complaints about mold.',
    'The family sued the district. According to the complaint, teachers ignored the bullying.',
    'The company sued its former chief financial officer. He failed to disclose the loans, the complaint alleges.',
    'The family sued the district in federal court. A jury found the district liable in May. Teachers ignored the bullying.',
    'Three employees sued the Harbor Grill. The restaurant failed to renew its license last year, city records show.',
    'Tenants sued the landlord in March. He ignored repeated complaints about mold, two tenants told the council.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(civilClaimsAsFact, text)).toEqual([]);
  });
});
