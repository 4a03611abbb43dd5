import fs from 'node:fs';
import { parseStylebookCsv } from '../../shared/stylebook-csv';
import { compileStylebook, type CompiledStylebook } from '../editor/stylebook/compile';

/**
 * The stylebook named by --stylebook (the app's CSV export), its entries
 * numbered in file order; null after a message naming each bad line.
 */
export function readStylebookFile(file: string | undefined): CompiledStylebook | undefined | null {
  if (file === undefined) return undefined;
  let csv: string;
  try {
    csv = fs.readFileSync(file, 'utf8');
  } catch (e) {
    console.error(`--stylebook ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
    return null;
  }
  const parsed = parseStylebookCsv(csv);
  if (!parsed.ok) {
    for (const { line, message } of parsed.errors) console.error(`${file}:${line}: ${message}`);
    return null;
  }
  return compileStylebook(parsed.entries.map((entry, i) => ({ ...entry, id: i + 1 })));
}
