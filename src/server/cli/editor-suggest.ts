import { SUGGESTION_KINDS, type SuggestionKind, suggest } from '../editor/index';
import { flags } from './args';
import type { Command } from './commands';
import { readCopy, reportInputError } from './editor-input';

export const editorSuggest: Command = {
  summary: `suggest --kind ${SUGGESTION_KINDS.join('|')} < story.txt: print suggestions drawn from the copy as JSON`,
  async run(args) {
    const v = flags(args, { kind: { type: 'string' } });
    if (!v.kind || !(SUGGESTION_KINDS as readonly string[]).includes(v.kind)) {
      console.error(`--kind must be one of: ${SUGGESTION_KINDS.join(', ')}`);
      return 2;
    }
    const text = await readCopy();
    if (text === null) return 2;
    try {
      console.log(JSON.stringify({ suggestions: await suggest(text, v.kind as SuggestionKind, { waitForGrammar: true }) }, null, 2));
      return 0;
    } catch (e) {
      return reportInputError(e);
    }
  },
};
