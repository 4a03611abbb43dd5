import { describe, expect, it } from 'vitest';
import { MAX_STYLEBOOK_ENTRIES } from './schemas/stylebook';
import { parseStylebookCsv, stylebookToCsv } from './stylebook-csv';

const HEADER = 'type,term,variants,replacement,reason,case';

describe('stylebook CSV', () => {
  it('reads every type, variants split on |, quoted fields and the case column', () => {
    const csv = [
      HEADER,
      'prefer,Wilkes-Barre,Wilkes Barre|Wilkesbarre,,"The city is hyphenated, always.",',
      'avoid,slammed,,criticized,"Say what they ""did"".",',
      'accept,Oyelaranwu,,,Council member’s name,sensitive',
    ].join('\r\n');
    const result = parseStylebookCsv(`\ufeff${csv}\r\n`);
    expect(result).toEqual({
      ok: true,
      entries: [
        {
          type: 'prefer',
          term: 'Wilkes-Barre',
          variants: ['Wilkes Barre', 'Wilkesbarre'],
          replacement: '',
          note: 'The city is hyphenated, always.',
          caseSensitive: false,
        },
        { type: 'avoid', term: 'slammed', variants: [], replacement: 'criticized', note: 'Say what they "did".', caseSensitive: false },
        { type: 'accept', term: 'Oyelaranwu', variants: [], replacement: '', note: 'Council member’s name', caseSensitive: true },
      ],
    });
  });

  it('reports every bad line by its number and returns no entries', () => {
    const csv = [
      HEADER,
      'prefer,Wilkes-Barre,Wilkes Barre,,,',
      'prefer,per cent,,,,',
      'banned,slam,,,,',
      '"avoid","a note that spans',
      'two lines",,,,',
      'avoid,irregardless,,,',
      'accept,Wilkes-Barre,,,,maybe',
      'prefer,wilkes-barre,Wilkes barre,,,',
    ].join('\n');
    const result = parseStylebookCsv(csv);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { line: 3, message: 'variants: A preferred term needs at least one variant it replaces.' },
      { line: 4, message: 'type: Type must be prefer, avoid or accept.' },
      { line: 5, message: 'term: A term must be one line.' },
      { line: 7, message: 'Expected 6 fields, found 5.' },
      { line: 8, message: 'case: Leave it empty or write sensitive.' },
      { line: 9, message: 'The stylebook already has an entry for this term. (line 2)' },
    ]);
  });

  it('refuses a file without the header, or with more entries than a stylebook holds', () => {
    expect(parseStylebookCsv('term,type\nslam,avoid')).toEqual({
      ok: false,
      errors: [{ line: 1, message: `The first line must be the header ${HEADER}.` }],
    });
    const many = [HEADER, ...Array.from({ length: MAX_STYLEBOOK_ENTRIES + 1 }, (_, i) => `avoid,word${i},,,,`)].join('\n');
    const result = parseStylebookCsv(many);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]!.line).toBe(MAX_STYLEBOOK_ENTRIES + 2);
  });

  it('exports what it imports', () => {
    const csv = `${HEADER}\r\nprefer,Wilkes-Barre,Wilkes Barre|Wilkesbarre,,"Hyphenated, always",\r\navoid,slammed,,criticized,"Say what they ""did""",sensitive\r\n`;
    const parsed = parseStylebookCsv(csv);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(stylebookToCsv(parsed.entries)).toBe(csv);
  });
});
