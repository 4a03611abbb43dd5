import { LineCounter, parseAllDocuments } from 'yaml';
import { stylebookEntryInput, type StylebookEntryFields } from '../../../shared/schemas/stylebook';
import { stylebookEntryKey, type StylebookCsvError } from '../../../shared/stylebook-csv';

export type ValeImportResult = { ok: true; entries: StylebookEntryFields[] } | { ok: false; errors: StylebookCsvError[] };

/** A Vale token or swap key as plain phrases: `\b`-bounded words and top-level alternatives, nothing else of regex. */
function phrasesOf(pattern: string): string[] | null {
  const plain = pattern
    .replace(/\\b/g, '')
    .replace(/^\(\?i\)/, '')
    .replace(/^\((?:\?:)?(.*)\)$/, '$1');
  const parts = plain.split('|').map((p) => p.trim().replace(/\\([.\-'’ ])/g, '$1'));
  // an unescaped dot is taken as a dot: style packages mean "U.S." more often than any character
  if (parts.some((p) => p === '' || /[\\^$*+?()[\]{}]/.test(p))) return null;
  return parts;
}

const noteFrom = (message: unknown, fill: readonly string[]) => {
  if (typeof message !== 'string') return '';
  let i = 0;
  return message.replace(/%s/g, () => fill[i++] ?? '…').trim();
};

/**
 * Reads Vale rules (one YAML document each, `---` between them): `substitution`
 * rules become preferred terms with their swaps' keys as variants, `existence` rules
 * words to avoid. Vale matches case-sensitively unless `ignorecase: true`. A token
 * that needs a regular expression beyond alternatives, and any other rule type, is
 * an error naming its line; nothing is imported unless every rule is.
 */
export function parseValeRules(source: string): ValeImportResult {
  const lines = new LineCounter();
  const docs = parseAllDocuments(source, { lineCounter: lines, uniqueKeys: true });
  const errors: StylebookCsvError[] = [];
  const entries: StylebookEntryFields[] = [];
  const seen = new Set<string>();
  const lineOf = (offset: number | undefined) => (offset === undefined ? 1 : lines.linePos(offset).line);
  const add = (input: unknown, line: number) => {
    const parsed = stylebookEntryInput.safeParse(input);
    if (!parsed.success) {
      errors.push({ line, message: parsed.error.issues[0]!.message });
      return;
    }
    const key = stylebookEntryKey(parsed.data);
    if (seen.has(key)) return;
    seen.add(key);
    entries.push(parsed.data);
  };
  if (!Array.isArray(docs)) return { ok: false, errors: [{ line: 1, message: 'This is not a YAML file of Vale rules.' }] };
  for (const doc of docs) {
    if (doc.errors.length) {
      for (const e of doc.errors) errors.push({ line: lineOf(e.pos[0]), message: `YAML: ${e.message.split('\n')[0]}` });
      continue;
    }
    const start = lineOf(doc.contents?.range?.[0]);
    const rule: unknown = doc.toJS();
    if (rule === null || rule === undefined) continue;
    if (typeof rule !== 'object' || Array.isArray(rule)) {
      errors.push({ line: start, message: 'A Vale rule is a mapping with an extends key.' });
      continue;
    }
    const r = rule as Record<string, unknown>;
    const caseSensitive = r.ignorecase !== true;
    const lineOfKey = (key: string, sub?: string | number) => {
      const node = doc.getIn(sub === undefined ? [key] : [key, sub], true) as { range?: [number, number, number] } | undefined;
      return lineOf(node?.range?.[0]) || start;
    };
    if (r.extends === 'substitution') {
      if (!r.swap || typeof r.swap !== 'object' || Array.isArray(r.swap)) {
        errors.push({ line: start, message: 'A substitution rule needs a swap mapping.' });
        continue;
      }
      const byTerm = new Map<string, { variants: string[]; line: number }>();
      for (const [from, to] of Object.entries(r.swap as Record<string, unknown>)) {
        const line = lineOfKey('swap', from);
        const variants = phrasesOf(from);
        const terms = typeof to === 'string' ? phrasesOf(to) : null;
        if (!variants || !terms) {
          errors.push({ line, message: `“${from}” needs a regular expression; only words and alternatives (a|b) can be imported.` });
          continue;
        }
        const group = byTerm.get(terms[0]!) ?? { variants: [], line };
        group.variants.push(...variants.filter((v) => v !== terms[0]));
        byTerm.set(terms[0]!, group);
      }
      for (const [term, { variants, line }] of byTerm)
        add(
          {
            type: 'prefer',
            term,
            variants: [...new Set(variants)],
            note: noteFrom(r.message, [term, variants.join(' or ')]),
            caseSensitive,
          },
          line,
        );
    } else if (r.extends === 'existence') {
      if (!Array.isArray(r.tokens)) {
        errors.push({ line: start, message: 'An existence rule needs a tokens list.' });
        continue;
      }
      r.tokens.forEach((token: unknown, i) => {
        const line = lineOfKey('tokens', i);
        const terms = typeof token === 'string' ? phrasesOf(token) : null;
        if (!terms) {
          errors.push({
            line,
            message: `“${String(token)}” needs a regular expression; only words and alternatives (a|b) can be imported.`,
          });
          return;
        }
        for (const term of terms) add({ type: 'avoid', term, note: noteFrom(r.message, [term]), caseSensitive }, line);
      });
    } else {
      errors.push({
        line: start,
        message: `Only substitution and existence rules can be imported, not ${JSON.stringify(r.extends ?? 'a rule without extends')}.`,
      });
    }
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, entries };
}
