import { describe, expect, it } from 'vitest';
import { plainText, plainTextLines } from './plain-text';

describe('plainTextLines', () => {
  it('gives each line of a reply as the words a reader sees', () => {
    expect(plainTextLines('## Editor’s review\n\n_41 words_\n\n- **“very”** → cut\n1. See [AP](https://apstylebook.com).')).toEqual([
      'Editor’s review',
      '41 words',
      '“very” → cut',
      'See AP.',
    ]);
  });

  it('drops emphasis marks cut from their partner, and keeps escaped ones as text', () => {
    expect(plainText('wildfire.docx**. The *fire')).toBe('wildfire.docx. The fire');
    expect(plainText('“file\\_name” and \\*stars\\* and snake_case and 2 * 3')).toBe('“file_name” and *stars* and snake_case and 2 * 3');
  });
});
