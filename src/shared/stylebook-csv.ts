import { MAX_STYLEBOOK_ENTRIES, STYLEBOOK_MESSAGES, stylebookEntryInput, type StylebookEntryFields } from './schemas/stylebook';

export const STYLEBOOK_CSV_HEADER = ['type', 'term', 'variants', 'replacement', 'reason', 'case'] as const;

export interface StylebookCsvError {
  /** 1-based line of the file where the record begins (the header is line 1). */
  line: number;
  message: string;
}

export type StylebookCsvResult = { ok: true; entries: StylebookEntryFields[] } | { ok: false; errors: StylebookCsvError[] };

/** At most this many line errors are reported: a wrong file is recognisable from the first ones. */
const MAX_REPORTED_ERRORS = 50;

interface CsvRecord {
  line: number;
  fields: string[];
}

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks), each with the line it begins on. */
function readRecords(csv: string): CsvRecord[] | StylebookCsvError {
  const text = csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quoted = false;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else field += c;
    i++;
  }
  if (quoted) return { line: recordLine, message: 'A quoted field is never closed.' };
  endRecord();
  return records;
}

const firstIssue = (e: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) => {
  const issue = e.issues[0]!;
  const column = issue.path[0] === 'note' ? 'reason' : issue.path[0] === 'caseSensitive' ? 'case' : issue.path[0];
  return column ? `${String(column)}: ${issue.message}` : issue.message;
};

/**
 * Reads a stylebook CSV (the export format): every line is checked, and the
 * entries come back only when every line is valid, so an import saves all or nothing.
 */
export function parseStylebookCsv(csv: string): StylebookCsvResult {
  const records = readRecords(csv);
  if (!Array.isArray(records)) return { ok: false, errors: [records] };
  const [header, ...rows] = records;
  const expected = STYLEBOOK_CSV_HEADER.join(',');
  if (!header || header.fields.map((f) => f.trim().toLowerCase()).join(',') !== expected)
    return { ok: false, errors: [{ line: 1, message: `The first line must be the header ${expected}.` }] };
  if (rows.length > MAX_STYLEBOOK_ENTRIES)
    return { ok: false, errors: [{ line: rows[MAX_STYLEBOOK_ENTRIES]!.line, message: STYLEBOOK_MESSAGES.tooMany }] };
  const errors: StylebookCsvError[] = [];
  const entries: StylebookEntryFields[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of rows) {
    if (errors.length >= MAX_REPORTED_ERRORS) break;
    if (fields.length !== STYLEBOOK_CSV_HEADER.length) {
      errors.push({ line, message: `Expected ${STYLEBOOK_CSV_HEADER.length} fields, found ${fields.length}.` });
      continue;
    }
    const [type, term, variants, replacement, reason, caseField] = fields.map((f) => f.trim()) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (caseField !== '' && caseField.toLowerCase() !== 'sensitive') {
      errors.push({ line, message: 'case: Leave it empty or write sensitive.' });
      continue;
    }
    const parsed = stylebookEntryInput.safeParse({
      type: type.toLowerCase(),
      term,
      variants: variants === '' ? [] : variants.split('|').map((v) => v.trim()),
      replacement,
      note: reason,
      caseSensitive: caseField !== '',
    });
    if (!parsed.success) {
      errors.push({ line, message: firstIssue(parsed.error) });
      continue;
    }
    const key = stylebookEntryKey(parsed.data);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.push({ line, message: `${STYLEBOOK_MESSAGES.duplicate} (line ${earlier})` });
      continue;
    }
    seen.set(key, line);
    entries.push(parsed.data);
  }
  return errors.length ? { ok: false, errors } : { ok: true, entries };
}

/** A term as entries are told apart: as written when case-sensitive, else lower-cased. */
export const stylebookTermKey = (e: Pick<StylebookEntryFields, 'term' | 'caseSensitive'>) =>
  e.caseSensitive ? e.term : e.term.toLowerCase();

/** Two entries of the same type for the same term (in the entry's own case sense) are one too many. */
export const stylebookEntryKey = (e: Pick<StylebookEntryFields, 'type' | 'term' | 'caseSensitive'>) =>
  `${e.type}\u0000${stylebookTermKey(e)}`;

const csvField = (value: string) => (/[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Writes entries in the import format, header first, CRLF line ends. */
export function stylebookToCsv(entries: readonly StylebookEntryFields[]): string {
  const lines = [STYLEBOOK_CSV_HEADER.join(',')];
  for (const e of entries)
    lines.push([e.type, e.term, e.variants.join('|'), e.replacement, e.note, e.caseSensitive ? 'sensitive' : ''].map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
