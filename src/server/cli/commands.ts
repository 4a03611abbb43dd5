import { createAdmin } from './create-admin';
import { editorAnalyze } from './editor-analyze';
import { editorRewrite } from './editor-rewrite';
import { editorSuggest } from './editor-suggest';
import { migrateToPostgres } from './migrate-to-postgres';
import { promo } from './promo';

export interface Command {
  summary: string;
  run(args: string[]): Promise<number | void>;
}

/** One line per command; each command lives in its own file. */
export const commands: Record<string, Command> = {
  'create-admin': createAdmin,
  promo,
  analyze: editorAnalyze,
  rewrite: editorRewrite,
  suggest: editorSuggest,
  'migrate-to-postgres': migrateToPostgres,
};
