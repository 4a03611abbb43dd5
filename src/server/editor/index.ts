/**
 * The embedded editorial engine: offline, deterministic checks of news copy.
 * See README.md beside this file.
 */
import { grammarCheckerInfo, stopHarper, warmHarper } from './harper/client';
import { stopEditorPool } from './pool/index';

export { analyze, type AnalyzeOptions } from './analyze';
export { rewrite, type RewriteOptions } from './rewrite';
export { suggest } from './suggest/index';
export { compare, type ChangeSummary, type CompareOptions, type Comparison, type DiffOp } from './compare';
export { respond, HELP as EDITOR_HELP, type RespondInput } from './respond/respond';
export { detectAction } from './respond/intent';
export { editorGrounding, groundingSummary } from './grounding';
export { EditorInputError, inputProblem, MAX_TEXT_CHARS } from './limits';
export { rules } from './rules/registry';
export {
  analyzeOffThread,
  compareOffThread,
  EDITOR_POOL_MESSAGES,
  EditorPoolError,
  groundingOffThread,
  respondOffThread,
  sourcesNoteOffThread,
} from './pool/index';
export * from './types';

/**
 * Loads harper.js (spelling and grammar, WebAssembly) in a worker thread and
 * resolves when it is warm. Call once at server start without awaiting; until it
 * resolves, analyze answers without harper's findings instead of waiting.
 */
export function warmEditor(): Promise<void> {
  return warmHarper();
}

/** Whether the grammar checker is loaded: 'cold', 'warming', 'ready' or 'failed' (with the error). */
export function editorStatus() {
  return grammarCheckerInfo();
}

/** Stops the editor's worker threads: the pool and the grammar checker (graceful shutdown, tests). */
export async function stopEditor(): Promise<void> {
  await Promise.all([stopEditorPool(), stopHarper()]);
}
