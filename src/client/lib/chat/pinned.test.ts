import { describe, expect, it } from 'vitest';
import { pinPreview, plainText } from './pinned';

describe('pinPreview', () => {
  it('keeps a short reply whole and cuts a long one at 150 characters plus an ellipsis', () => {
    expect(pinPreview('Tighten the lede.')).toBe('Tighten the lede.');
    const long = 'word '.repeat(60).trim();
    const preview = pinPreview(long);
    expect(preview).toBe(`${long.slice(0, 150)}...`);
    expect(preview).toHaveLength(153);
    expect(pinPreview('a'.repeat(150))).toBe('a'.repeat(150));
  });

  it('previews what a reader sees, not the Markdown source', () => {
    expect(
      plainText(
        '## Editor’s review\n\n_41 words · 2 sentences_\n\n### What works\n- The **lead** is `20` words.\n1. “in order to” → “to”: see [AP](https://apstylebook.com).',
      ),
    ).toBe('Editor’s review 41 words · 2 sentences What works The lead is 20 words. “in order to” → “to”: see AP.');
    expect(plainText('Keep snake_case and 2 * 3 as they are')).toBe('Keep snake_case and 2 * 3 as they are');
    expect(plainText('He said \\*not\\* this')).toBe('He said *not* this');
  });
});
