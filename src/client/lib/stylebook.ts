import { z } from 'zod';
import {
  STYLEBOOK_ENTRY_TYPES,
  STYLEBOOK_IMPORT_MAX_CHARS,
  stylebookEntryInput,
  type StylebookEntryFields,
  type StylebookEntryType,
} from '~/shared/schemas/stylebook';

/** How each kind of entry is named on the page, and what it does to a story. */
export const ENTRY_KINDS: Record<StylebookEntryType, { label: string; tone: 'green' | 'red' | 'brand'; explanation: string }> = {
  prefer: {
    label: 'Prefer',
    tone: 'green',
    explanation: 'The spelling the desk uses, with the variants it replaces (Wilkes-Barre for Wilkes Barre). The quick actions fix them.',
  },
  avoid: {
    label: 'Avoid',
    tone: 'red',
    explanation: 'A word or phrase the desk does not use, with the reason and, if there is one, what to write instead.',
  },
  accept: {
    label: 'Accept',
    tone: 'brand',
    explanation: 'A name or term that is right as spelled: the spelling check stops flagging it.',
  },
};

/** Variants as a writer types them: one per line, or separated by `|`. */
export function splitVariants(text: string): string[] {
  return text
    .split(/[\n|]/)
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The add/edit form: variants in one text box, the fields a kind does not use ignored, the rest checked by the shared schema. */
export const stylebookEntryForm = z
  .object({
    type: z.enum(STYLEBOOK_ENTRY_TYPES),
    term: z.string(),
    variants: z.string(),
    replacement: z.string(),
    note: z.string(),
    caseSensitive: z.boolean(),
  })
  .transform((form, ctx): StylebookEntryFields => {
    const variants = form.type === 'prefer' ? splitVariants(form.variants) : [];
    const parsed = stylebookEntryInput.safeParse({
      ...form,
      variants,
      replacement: form.type === 'avoid' ? form.replacement : '',
    });
    if (parsed.success) return parsed.data;
    // A variant's issue sits at variants.N; the form has one box for them all.
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      const variant = field === 'variants' && typeof index === 'number' ? variants[index] : undefined;
      ctx.addIssue({
        code: 'custom',
        path: [typeof field === 'string' ? field : 'term'],
        message: variant === undefined ? issue.message : `“${variant}”: ${issue.message}`,
      });
    }
    return z.NEVER;
  });

export type StylebookEntryFormValues = z.input<typeof stylebookEntryForm>;

export const emptyEntryForm: StylebookEntryFormValues = {
  type: 'prefer',
  term: '',
  variants: '',
  replacement: '',
  note: '',
  caseSensitive: false,
};

/** An entry as the form shows it for editing. */
export function entryFormValues(entry: StylebookEntryFields): StylebookEntryFormValues {
  return {
    type: entry.type,
    term: entry.term,
    variants: entry.variants.join('\n'),
    replacement: entry.replacement,
    note: entry.note,
    caseSensitive: entry.caseSensitive,
  };
}

/** What a chosen file is imported as, from its name; null for a file the import does not read. */
export function importFormatOf(fileName: string): 'csv' | 'vale' | null {
  const name = fileName.toLowerCase();
  if (name.endsWith('.csv')) return 'csv';
  if (name.endsWith('.yml') || name.endsWith('.yaml')) return 'vale';
  return null;
}

/** Bytes a file may have to be worth reading: its text is at most the import's limit in characters. */
export const IMPORT_MAX_BYTES = STYLEBOOK_IMPORT_MAX_CHARS * 4;

export function importedMessage(added: number, updated: number): string {
  const total = added + updated;
  const entries = `${total.toLocaleString('en-US')} ${total === 1 ? 'entry' : 'entries'}`;
  return updated ? `Imported ${entries} (${updated.toLocaleString('en-US')} updated).` : `Imported ${entries}.`;
}

export function firedLabel(hits: number): string {
  return `Fired ${hits.toLocaleString('en-US')} ${hits === 1 ? 'time' : 'times'} in the last 30 days`;
}
