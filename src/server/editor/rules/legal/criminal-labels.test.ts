import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { criminalLabels } from './criminal-labels';

describe('legal/criminal-labels', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(criminalLabels.id).toBe('legal/criminal-labels');
    expect(criminalLabels.category).toBe('legal');
    expect(criminalLabels.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['Police charged Dale Conroy with murder Friday. The murderer will appear in court Dec. 9.', 'The murderer', null],
    ['The man, who was charged with arson, is a criminal who wanted the insurance money.', 'a criminal', null],
    ['Tess Moor, 30, the dealer police had watched for months, was charged with selling fentanyl.', 'the dealer', null],
    ['Tenants sued Ray Quill, the slumlord who let the boiler fail.', 'the slumlord', null],
    ['Quill is waiting for the county to pay him off.', 'pay him off', null],
    ['Members trusted the embezzling bookkeeper for years.', 'the embezzling bookkeeper', null],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(criminalLabels, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'A jury found Harold Ames guilty of arson. The arsonist faces 20 years.',
    'Police charged Dale Conroy with murder Friday. Conroy will appear in court Dec. 9.',
    'Police arrested a man Friday. A burglar had broken into three homes on the street, police said.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(criminalLabels, text)).toEqual([]);
  });

  it.each([
    // "alleged" does not cure a label
    [
      'Prosecutors charged Dana Whitfield with wire fraud Tuesday. The alleged fraudster ran a fake charity for three years.',
      'The alleged fraudster',
    ],
    ['Leon Pratt was charged with burglary Monday. The accused burglar is due in court next week.', 'The accused burglar'],
    ['Police arrested Tom Greer on Friday. Officers said the suspected arsonist had a lighter in his pocket.', 'the suspected arsonist'],
    // a label set off after the name
    ['Marcus Bell was arrested Sunday. Bell, a known drug dealer from the East Side, was held on $50,000 bail.', 'a known drug dealer'],
  ] as const)('flags the hedged or appositive label in %s', (text, flagged) => {
    expect(hitsOf(criminalLabels, text)).toEqual([{ text: flagged, suggestion: null }]);
  });

  it.each([
    'Leon Pratt was charged with burglary Monday. Pratt, 34, of Lakeville, is due in court next week.',
    'Leon Pratt was charged with fraud Monday. The car dealer who sold him the van testified.',
    'The family paid off the mortgage in 2010.',
    'Tenants called Quill a slumlord who let the boiler fail, according to the lawsuit.',
    'Leon Pratt was charged with burglary Monday. Pratt, a plumber from Lakeville, is due in court next week.',
    'Marcus Bell was convicted of murder in 2019. Bell, a convicted murderer, was denied parole Tuesday.',
    'A thief broke into the church Sunday and took the collection box, police said.',
    'Police charged a man with assault. The alleged victim told officers he took her purse.',
  ])('leaves alone the appositive or description in %s', (text) => {
    expect(hitsOf(criminalLabels, text)).toEqual([]);
  });
});
