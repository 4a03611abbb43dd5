import { describe, expect, it } from 'vitest';
import { STYLEBOOK_MESSAGES } from '~/shared/schemas/stylebook';
import {
  emptyEntryForm,
  entryFormValues,
  firedLabel,
  importedMessage,
  importFormatOf,
  splitVariants,
  stylebookEntryForm,
} from './stylebook';

describe('the entry form', () => {
  it('takes variants one per line or separated by |, trimmed, without blanks', () => {
    expect(splitVariants(' Wilkes Barre |Wilkesbarre\n\n  Wilkes-barre  \n|')).toEqual(['Wilkes Barre', 'Wilkesbarre', 'Wilkes-barre']);
  });

  it('gives the shared schema’s entry, dropping the fields the kind does not use', () => {
    const parsed = stylebookEntryForm.parse({
      ...emptyEntryForm,
      type: 'accept',
      term: ' Kleinschmidt ',
      variants: 'Kleinschmit',
      replacement: 'Klein',
      note: 'The commissioner’s name.',
    });
    expect(parsed).toEqual({
      type: 'accept',
      term: 'Kleinschmidt',
      variants: [],
      replacement: '',
      note: 'The commissioner’s name.',
      caseSensitive: false,
    });
    expect(
      stylebookEntryForm.parse({ ...emptyEntryForm, type: 'prefer', term: 'Wilkes-Barre', variants: 'Wilkes Barre|Wilkesbarre' }).variants,
    ).toEqual(['Wilkes Barre', 'Wilkesbarre']);
  });

  it('reports the shared schema’s messages on the form’s own fields, naming a bad variant', () => {
    const result = stylebookEntryForm.safeParse({ ...emptyEntryForm, term: 'Wilkes-Barre', variants: `ok\n${'x'.repeat(101)}` });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['variants'], message: `“${'x'.repeat(101)}”: ${STYLEBOOK_MESSAGES.termTooLong}` }),
    ]);
    // The form shows each field's first message.
    const firstByField = new Map<unknown, string>();
    for (const issue of stylebookEntryForm.safeParse(emptyEntryForm).error?.issues ?? [])
      if (!firstByField.has(issue.path[0])) firstByField.set(issue.path[0], issue.message);
    expect(Object.fromEntries(firstByField)).toEqual({
      term: STYLEBOOK_MESSAGES.termRequired,
      variants: STYLEBOOK_MESSAGES.variantsRequired,
    });
  });

  it('shows a saved entry with its variants one per line', () => {
    const entry = {
      type: 'prefer' as const,
      term: 'per cent',
      variants: ['percent', 'pct.'],
      replacement: '',
      note: '',
      caseSensitive: true,
    };
    expect(entryFormValues(entry).variants).toBe('percent\npct.');
    expect(stylebookEntryForm.parse(entryFormValues(entry))).toEqual(entry);
  });
});

describe('import and the list', () => {
  it('reads the format from the file name', () => {
    expect(importFormatOf('House Style.CSV')).toBe('csv');
    expect(importFormatOf('Substitutions.yml')).toBe('vale');
    expect(importFormatOf('rules.yaml')).toBe('vale');
    expect(importFormatOf('stylebook.xlsx')).toBeNull();
    expect(importFormatOf('csv')).toBeNull();
  });

  it('words what an import saved and how often an entry fired', () => {
    expect(importedMessage(3, 0)).toBe('Imported 3 entries.');
    expect(importedMessage(1, 1)).toBe('Imported 2 entries (1 updated).');
    expect(importedMessage(0, 1)).toBe('Imported 1 entry (1 updated).');
    expect(firedLabel(1)).toBe('Fired 1 time in the last 30 days');
    expect(firedLabel(1200)).toBe('Fired 1,200 times in the last 30 days');
  });
});
