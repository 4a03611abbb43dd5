import { describe, expect, it } from 'vitest';
import { briefMarkdown, inlines } from './brief-markdown';

describe('briefMarkdown', () => {
  it('reads a note of paragraphs and a bullet list whose items have bold words', () => {
    const note = [
      'I’m your copy editor. Paste a story and I’ll check it',
      'against AP style.',
      '',
      'You can also ask me to:',
      '- **tighten it to a length** (“cut this to 300 words”);',
      '- **write headlines**, **social posts** or a **caption**.',
    ].join('\n');
    expect(briefMarkdown(note)).toEqual([
      { kind: 'paragraph', children: ['I’m your copy editor. Paste a story and I’ll check it against AP style.'] },
      { kind: 'paragraph', children: ['You can also ask me to:'] },
      {
        kind: 'list',
        ordered: false,
        items: [
          [{ mark: 'strong', children: ['tighten it to a length'] }, ' (“cut this to 300 words”);'],
          [
            { mark: 'strong', children: ['write headlines'] },
            ', ',
            { mark: 'strong', children: ['social posts'] },
            ' or a ',
            { mark: 'strong', children: ['caption'] },
            '.',
          ],
        ],
      },
    ]);
  });

  it('tells numbered lists from bullets, and carries a wrapped line on with its item', () => {
    expect(briefMarkdown('1. First step\n   goes on here\n2) Second\n* a bullet\n+ another')).toEqual([
      { kind: 'list', ordered: true, items: [['First step goes on here'], ['Second']] },
      { kind: 'list', ordered: false, items: [['a bullet'], ['another']] },
    ]);
  });

  it('a paragraph right after a list starts after a blank line; a heading, a quote or a fence is read as its words', () => {
    expect(briefMarkdown('- one\n\n## Next\n> quoted\n```\ncode line\n```')).toEqual([
      { kind: 'list', ordered: false, items: [['one']] },
      { kind: 'paragraph', children: ['Next quoted code line'] },
    ]);
  });

  it('is empty for an empty or blank note', () => {
    expect(briefMarkdown('')).toEqual([]);
    expect(briefMarkdown(' \n\n  ')).toEqual([]);
  });
});

describe('inlines', () => {
  it('reads bold, italics and code, and emphasis inside bold', () => {
    expect(inlines('a **bold _and italic_** word, *em* and `co*de*`')).toEqual([
      'a ',
      { mark: 'strong', children: ['bold ', { mark: 'em', children: ['and italic'] }] },
      ' word, ',
      { mark: 'em', children: ['em'] },
      ' and ',
      { mark: 'code', text: 'co*de*' },
    ]);
  });

  it('leaves marks that open or close nothing as text: snake_case words, a lone star, 2 * 3, an unclosed bold', () => {
    expect(inlines('snake_case_name and a * b and 2 * 3')).toEqual(['snake_case_name and a * b and 2 * 3']);
    expect(inlines('**never closed')).toEqual(['**never closed']);
    expect(inlines('`unclosed code')).toEqual(['`unclosed code']);
  });

  it('keeps escaped marks and a link’s text, and drops the link’s address', () => {
    expect(inlines('\\*not em\\* see [the guide](https://example.com "Guide") or ![a chart](c.png)')).toEqual([
      '*not em* see ',
      'the guide',
      ' or ',
      'a chart',
    ]);
  });

  it('takes no markup from the text: angle brackets and entities are characters', () => {
    expect(inlines('<script>alert(1)</script> &amp;')).toEqual(['<script>alert(1)</script> &amp;']);
  });
});
