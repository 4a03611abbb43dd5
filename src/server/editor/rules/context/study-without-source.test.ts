import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { studyWithoutSource } from './study-without-source';

describe('context/study-without-source', () => {
  it('has an id, a category and a one-sentence explanation, and asks rather than fixes', () => {
    expect(studyWithoutSource.id).toBe('context/study-without-source');
    expect(studyWithoutSource.category).toBe('context');
    expect(studyWithoutSource.explanation).toMatch(/^\S.{20,260}\.$/);
    expect(studyWithoutSource.autoFix).toBe(false);
  });

  it.each([
    ['A recent study found that teens who vape are more likely to smoke.', 'A recent study found'],
    ['Studies show that later school start times improve grades.', 'Studies show'],
    ['A new survey suggests most residents oppose the tax.', 'A new survey suggests'],
    ['Research shows that four-day weeks cut absences.', 'Research shows'],
    ['Crashes fell 20%, according to a preliminary traffic assessment.', 'according to a preliminary traffic assessment'],
    ['Pesticide drift harms bees, according to a study published Monday by researchers at Iowa State.', 'a study published Monday'],
    ['One report estimated the repairs at millions of dollars.', 'One report estimated'],
    ['Research has shown that tutoring raises scores.', 'Research has shown'],
    ['A new poll showed Ames leading Boone by 6 points.', 'A new poll showed'],
  ] as const)('flags %s', (text, flagged) => {
    expect(hitsOf(studyWithoutSource, text)).toEqual([{ text: flagged, suggestion: null }]);
  });

  it.each([
    'A 2023 study published in JAMA Pediatrics found that teens who vape are more likely to smoke.',
    'The study, published Monday in the Journal of Rural Health, followed 900 farmers.',
    'A survey of 1,200 residents conducted by the Citizens League found most oppose the tax.',
    'Research by Harvard economist Raj Chetty shows that neighborhoods shape earnings.',
    'A study led by University of Iowa researchers found that later start times improve grades.',
    'The state auditor’s report found $2 million in missing funds.',
    'The district’s own survey found most parents want a later start.',
    'The study found no link between the two, according to the researchers who led it.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(studyWithoutSource, text)).toEqual([]);
  });
});
