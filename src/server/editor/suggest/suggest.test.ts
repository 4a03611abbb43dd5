import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { suggest } from './index';

const corpus = readFileSync(path.join(__dirname, '../fixtures/clean-stories.txt'), 'utf8')
  .split(/\n\s*\n/)
  .filter((s) => s.trim());

/** Every capitalised name (after the first word) and every number must appear in the source. */
function ungrounded(suggestion: string, source: string): string[] {
  const words = suggestion.match(/[\p{L}\p{N}$][\p{L}\p{N}$'’.,-]*/gu) ?? [];
  return words
    .map((w) => w.replace(/[.,]+$/, ''))
    .filter((w, i) => (i > 0 && /^\p{Lu}/u.test(w)) || /\d/.test(w))
    .filter((w) => !source.includes(w));
}

describe('suggest', () => {
  it.each(corpus.map((s, i) => [i, s]))('story %i: three headlines within limits, in news style, from the copy', (_, story) => {
    const headlines = suggest(story, 'headline');
    expect(headlines.length).toBe(3);
    for (const h of headlines) {
      expect(h.length).toBeLessThanOrEqual(70);
      expect(h).not.toMatch(/[.]$/);
      expect(h).toMatch(/^[\p{Lu}\d$]/u);
      expect(ungrounded(h, story)).toEqual([]);
    }
  });

  it.each(corpus.map((s, i) => [i, s]))('story %i: social posts of at most 280 characters from the copy', (_, story) => {
    const posts = suggest(story, 'social');
    expect(posts.length).toBeGreaterThan(0);
    for (const p of posts) {
      expect(p.length).toBeLessThanOrEqual(280);
      expect(ungrounded(p, story)).toEqual([]);
    }
  });

  it.each(corpus.map((s, i) => [i, s]))('story %i: a who-what-where-when caption from the copy', (_, story) => {
    const captions = suggest(story, 'caption');
    expect(captions.length).toBeGreaterThan(0);
    for (const c of captions) expect(ungrounded(c, story)).toEqual([]);
  });

  it('writes headlines in the present tense', () => {
    const [h] = suggest(
      'The Wrenfield City Council voted unanimously Tuesday to extend weekend hours at the public library. The branch will stay open until 8 p.m.',
      'headline',
    );
    expect(h).toMatch(/^Wrenfield City Council votes to extend weekend hours/);
  });

  it('gives nothing for empty copy and rejects an unknown kind', () => {
    expect(suggest('  ', 'headline')).toEqual([]);
    // @ts-expect-error a kind the engine does not know
    expect(() => suggest('Some copy.', 'poem')).toThrow(/Unknown suggestion kind/);
  });
});
