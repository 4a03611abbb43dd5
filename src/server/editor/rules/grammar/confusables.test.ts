import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { confusables } from './confusables';

describe('grammar/confusables', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(confusables.id).toBe('grammar/confusables');
    expect(confusables.category).toBe('grammar');
    expect(confusables.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The plan costs more then the old one.', 'more then', 'more than'],
    ['The school has less students this year.', 'less students', 'fewer students'],
    ['The team was lead by its captain.', 'was lead by', 'was led by'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(confusables, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each(['The plan costs more than the old one.', 'The school has fewer students.', 'It took less than 24 hours.'])(
    'leaves alone %s',
    (text) => {
      expect(hitsOf(confusables, text)).toEqual([]);
    },
  );
});
