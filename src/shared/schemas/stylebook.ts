import { z } from 'zod';
import { isOneLine, isPlainText } from '../control-characters';
import { idField } from './fields';

export const STYLEBOOK_ENTRY_TYPES = ['prefer', 'avoid', 'accept'] as const;
export type StylebookEntryType = (typeof STYLEBOOK_ENTRY_TYPES)[number];

/** Entries one stylebook may hold. */
export const MAX_STYLEBOOK_ENTRIES = 5000;
export const STYLEBOOK_TERM_MAX = 100;
export const STYLEBOOK_VARIANTS_MAX = 20;
export const STYLEBOOK_NOTE_MAX = 500;

export const STYLEBOOK_MESSAGES = {
  type: 'Type must be prefer, avoid or accept.',
  termRequired: 'Term is required.',
  termTooLong: `A term must be at most ${STYLEBOOK_TERM_MAX} characters.`,
  termOneLine: 'A term must be one line.',
  termWord: 'A term must contain a letter or a digit.',
  variantsRequired: 'A preferred term needs at least one variant it replaces.',
  variantsTooMany: `A term may replace at most ${STYLEBOOK_VARIANTS_MAX} variants.`,
  variantSameAsTerm: 'A variant cannot be the preferred term itself.',
  replacementOnlyForAvoid: 'Only a word to avoid takes a replacement.',
  noteTooLong: `A note must be at most ${STYLEBOOK_NOTE_MAX} characters.`,
  noteText: 'A note cannot contain control characters other than tabs and line breaks.',
  tooMany: `A stylebook holds at most ${MAX_STYLEBOOK_ENTRIES.toLocaleString('en-US')} entries.`,
  duplicate: 'The stylebook already has an entry for this term.',
  entryId: 'Choose a stylebook entry.',
  searchOneLine: 'A search must be one line.',
  format: 'Import a CSV file or Vale rules.',
  emptyImport: 'The file is empty.',
  importText: 'This is not a text file: save the stylebook as CSV or YAML and try again.',
  importTooLarge: 'The file is too large to import: a stylebook file is at most 2 MB.',
} as const;

const term = () =>
  z
    .string()
    .trim()
    .min(1, STYLEBOOK_MESSAGES.termRequired)
    .max(STYLEBOOK_TERM_MAX, STYLEBOOK_MESSAGES.termTooLong)
    .refine(isOneLine, STYLEBOOK_MESSAGES.termOneLine)
    .refine((t) => /[\p{L}\p{N}]/u.test(t), STYLEBOOK_MESSAGES.termWord);

/** One house rule, as the writer enters it and as the CSV carries it. */
export const stylebookEntryInput = z
  .object({
    type: z.enum(STYLEBOOK_ENTRY_TYPES, { error: STYLEBOOK_MESSAGES.type }),
    term: term(),
    variants: z.array(term()).max(STYLEBOOK_VARIANTS_MAX, STYLEBOOK_MESSAGES.variantsTooMany).default([]),
    replacement: z
      .string()
      .trim()
      .max(STYLEBOOK_TERM_MAX, STYLEBOOK_MESSAGES.termTooLong)
      .refine(isOneLine, STYLEBOOK_MESSAGES.termOneLine)
      .default(''),
    /** The reason or note shown as the finding's explanation. */
    note: z
      .string()
      .trim()
      .max(STYLEBOOK_NOTE_MAX, STYLEBOOK_MESSAGES.noteTooLong)
      .refine(isPlainText, STYLEBOOK_MESSAGES.noteText)
      .default(''),
    caseSensitive: z.boolean().default(false),
  })
  .superRefine((e, ctx) => {
    if (e.type === 'prefer' && e.variants.length === 0)
      ctx.addIssue({ code: 'custom', path: ['variants'], message: STYLEBOOK_MESSAGES.variantsRequired });
    if (e.type === 'prefer' && e.variants.some((v) => v === e.term))
      ctx.addIssue({ code: 'custom', path: ['variants'], message: STYLEBOOK_MESSAGES.variantSameAsTerm });
    if (e.type !== 'avoid' && e.replacement)
      ctx.addIssue({ code: 'custom', path: ['replacement'], message: STYLEBOOK_MESSAGES.replacementOnlyForAvoid });
  });

export type StylebookEntryInput = z.input<typeof stylebookEntryInput>;
export type StylebookEntryFields = z.output<typeof stylebookEntryInput>;

/** An entry as the engine reads it: the fields and the id its findings cite (`house/<id>`). */
export interface StylebookEntry extends StylebookEntryFields {
  id: number;
}

/** The largest file an import reads: 5,000 full lines of CSV fit well within it. */
export const STYLEBOOK_IMPORT_MAX_CHARS = 2_000_000;

export const stylebookSearchInput = z
  .object({ search: z.string().max(STYLEBOOK_TERM_MAX).refine(isOneLine, STYLEBOOK_MESSAGES.searchOneLine).default('') })
  .default({ search: '' });

export const stylebookEntryIdInput = z.object({ id: idField(STYLEBOOK_MESSAGES.entryId) });

export const updateStylebookEntryInput = z.object({ id: idField(STYLEBOOK_MESSAGES.entryId), entry: stylebookEntryInput });

export const importStylebookInput = z.object({
  format: z.enum(['csv', 'vale'], { error: STYLEBOOK_MESSAGES.format }),
  content: z
    .string()
    .min(1, STYLEBOOK_MESSAGES.emptyImport)
    .max(STYLEBOOK_IMPORT_MAX_CHARS, STYLEBOOK_MESSAGES.importTooLarge)
    .refine(isPlainText, STYLEBOOK_MESSAGES.importText),
});
