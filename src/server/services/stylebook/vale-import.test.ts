import { describe, expect, it } from 'vitest';
import { parseValeRules } from './vale-import';

describe('Vale rule import', () => {
  it('turns substitution swaps into preferred terms and existence tokens into words to avoid', () => {
    const yaml = `extends: substitution
message: "Use '%s' instead of '%s'."
level: error
ignorecase: true
swap:
  Wilkes Barre|Wilkesbarre: Wilkes-Barre
  '\\bpercent\\b': per cent
---
extends: existence
message: "Avoid '%s': say what they did."
tokens:
  - slammed
  - (?:blasted|ripped into)
  - U\\.S\\.
`;
    const result = parseValeRules(yaml);
    expect(result).toEqual({
      ok: true,
      entries: [
        {
          type: 'prefer',
          term: 'Wilkes-Barre',
          variants: ['Wilkes Barre', 'Wilkesbarre'],
          replacement: '',
          note: "Use 'Wilkes-Barre' instead of 'Wilkes Barre or Wilkesbarre'.",
          caseSensitive: false,
        },
        {
          type: 'prefer',
          term: 'per cent',
          variants: ['percent'],
          replacement: '',
          note: "Use 'per cent' instead of 'percent'.",
          caseSensitive: false,
        },
        { type: 'avoid', term: 'slammed', variants: [], replacement: '', note: "Avoid 'slammed': say what they did.", caseSensitive: true },
        { type: 'avoid', term: 'blasted', variants: [], replacement: '', note: "Avoid 'blasted': say what they did.", caseSensitive: true },
        {
          type: 'avoid',
          term: 'ripped into',
          variants: [],
          replacement: '',
          note: "Avoid 'ripped into': say what they did.",
          caseSensitive: true,
        },
        { type: 'avoid', term: 'U.S.', variants: [], replacement: '', note: "Avoid 'U.S.': say what they did.", caseSensitive: true },
      ],
    });
  });

  it('names the line of every rule it cannot import and imports nothing', () => {
    const yaml = `extends: existence
message: "Avoid %s."
tokens:
  - slammed
  - 'blast\\w+'
---
extends: capitalization
match: $title
---
extends: substitution
swap:
  'colou?r': color
`;
    const result = parseValeRules(yaml);
    expect(result).toEqual({
      ok: false,
      errors: [
        { line: 5, message: '“blast\\w+” needs a regular expression; only words and alternatives (a|b) can be imported.' },
        { line: 7, message: 'Only substitution and existence rules can be imported, not "capitalization".' },
        { line: 12, message: '“colou?r” needs a regular expression; only words and alternatives (a|b) can be imported.' },
      ],
    });
  });

  it('reports broken YAML by line', () => {
    const result = parseValeRules('extends: existence\ntokens:\n  - a\n - b: [\n');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]!.line).toBeGreaterThanOrEqual(3);
  });
});
