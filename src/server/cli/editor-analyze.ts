import fs from 'node:fs';
import path from 'node:path';
import { analyze, stopEditor, warmEditor } from '../editor/index';
import type { SourceText } from '../editor/story/quote-sources';
import { flags } from './args';
import type { Command } from './commands';
import { readCopy, reportInputError } from './editor-input';
import { readStylebookFile } from './stylebook-file';

/** The sources named by --source, as text; null (after a message) when one cannot be read as text. */
function readSources(files: readonly string[]): SourceText[] | null {
  const sources: SourceText[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (e) {
      console.error(`--source ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
      return null;
    }
    if (text.includes('\u0000')) {
      console.error(`--source ${file}: not a text file (extract its text first, or upload it in the app)`);
      return null;
    }
    sources.push({ name: path.basename(file), text });
  }
  return sources;
}

export const editorAnalyze: Command = {
  summary:
    'analyze [--source FILE ...] [--stylebook FILE.csv] < story.txt: print the editor’s findings and stats as JSON, quotes checked against the sources, house rules from the stylebook',
  async run(args) {
    const { source = [], stylebook: stylebookFile } = flags(args, {
      source: { type: 'string', multiple: true },
      stylebook: { type: 'string' },
    });
    const sources = readSources(source);
    if (sources === null) return 2;
    const stylebook = readStylebookFile(stylebookFile);
    if (stylebook === null) return 2;
    const text = await readCopy();
    if (text === null) return 2;
    try {
      await warmEditor().catch(() => {}); // without harper.js the other rules still run
      console.log(JSON.stringify(await analyze(text, { waitForGrammar: true, sources, stylebook }), null, 2));
      return 0;
    } catch (e) {
      return reportInputError(e);
    } finally {
      await stopEditor();
    }
  },
};
