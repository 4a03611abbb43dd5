import { ACTIONS, type Action, rewrite, stopEditor, warmEditor } from '../editor/index';
import { flags } from './args';
import type { Command } from './commands';
import { readCopy, reportInputError } from './editor-input';
import { readStylebookFile } from './stylebook-file';

export const editorRewrite: Command = {
  summary: `rewrite --action ${ACTIONS.join('|')} [--stylebook FILE.csv] < story.txt: print the revised text and its edits as JSON`,
  async run(args) {
    const v = flags(args, { action: { type: 'string' }, stylebook: { type: 'string' } });
    if (!v.action || !(ACTIONS as readonly string[]).includes(v.action)) {
      console.error(`--action must be one of: ${ACTIONS.join(', ')}`);
      return 2;
    }
    const stylebook = readStylebookFile(v.stylebook);
    if (stylebook === null) return 2;
    const text = await readCopy();
    if (text === null) return 2;
    try {
      await warmEditor().catch(() => {});
      const { text: revised, edits } = await rewrite(text, v.action as Action, { waitForGrammar: true, stylebook });
      console.log(JSON.stringify({ text: revised, edits }, null, 2));
      return 0;
    } catch (e) {
      return reportInputError(e);
    } finally {
      await stopEditor();
    }
  },
};
