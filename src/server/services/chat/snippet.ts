import { plainTextLines } from '../../../shared/plain-text';

/** A line that ends like a sentence or a clause runs on into the next with a space; a heading or a label gets a separator. */
const RUNS_ON = /[.!?:;,…]["”’)]*$/u;

/**
 * A search result's excerpt as a reader sees it: the editor's replies are Markdown,
 * so their excerpt loses the heading marks, emphasis and list marks (and any mark
 * whose partner the excerpt cut off), and its lines become one line. A user's own
 * message is shown as they typed it, only on one line.
 */
export function searchSnippet(fragment: string, role: 'user' | 'assistant'): string {
  if (role === 'user') return fragment.replace(/\s+/g, ' ').trim();
  return plainTextLines(fragment).reduce((out, line) => (out === '' ? line : `${out}${RUNS_ON.test(out) ? ' ' : ' · '}${line}`), '');
}
