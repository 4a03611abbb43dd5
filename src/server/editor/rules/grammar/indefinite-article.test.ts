import { describe, expect, it } from 'vitest';
import { hitsOf } from '../test-helpers';
import { indefiniteArticle } from './indefinite-article';

describe('grammar/indefinite-article', () => {
  it('has an id, a category and a one-sentence explanation', () => {
    expect(indefiniteArticle.id).toBe('grammar/indefinite-article');
    expect(indefiniteArticle.category).toBe('grammar');
    expect(indefiniteArticle.explanation).toMatch(/^\S.{20,260}\.$/);
  });

  it.each([
    ['The council hired a economic development director.', 'a economic', 'an economic'],
    ['An university study found the noise exceeds limits.', 'An university', 'A university'],
    ['She waited a hour.', 'a hour', 'an hour'],
  ] as const)('flags %s', (text, flagged, suggestion) => {
    expect(hitsOf(indefiniteArticle, text)).toContainEqual({ text: flagged, suggestion });
  });

  it.each([
    'A neighbor saw a man at 2 a.m.',
    'An FBI agent testified.',
    'It was a one-time payment.',
    'A union vote is set.',
    'An F-16 flew over the stadium.',
    'The theater showed an R-rated film.',
    'She ordered an x-ray.',
    'He moved to a Utah town.',
    'The building has Class A and Class B offices.',
  ])('leaves alone %s', (text) => {
    expect(hitsOf(indefiniteArticle, text)).toEqual([]);
  });
});
