import { analyze, stopEditor, warmEditor } from '../editor/index';
import { flags } from './args';
import type { Command } from './commands';
import { readCopy, reportInputError } from './editor-input';

export const editorAnalyze: Command = {
  summary: 'analyze < story.txt: print the editor’s findings and stats as JSON',
  async run(args) {
    flags(args, {});
    const text = await readCopy();
    if (text === null) return 2;
    try {
      await warmEditor().catch(() => {}); // without harper.js the other rules still run
      const { findings, stats } = await analyze(text, { waitForGrammar: true });
      console.log(JSON.stringify({ findings, stats }, null, 2));
      return 0;
    } catch (e) {
      return reportInputError(e);
    } finally {
      await stopEditor();
    }
  },
};
