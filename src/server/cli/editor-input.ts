import { EditorInputError } from '../editor/index';
import { readStdin } from './args';

/** Reads the copy from standard input; prints a clear message and returns null when there is none. */
export async function readCopy(): Promise<string | null> {
  if (process.stdin.isTTY) {
    console.error('Pipe the copy on standard input, for example: npm run --silent cli -- analyze < story.txt');
    return null;
  }
  return readStdin();
}

/** Turns the engine's refusals (too long, binary) into a message and exit code 2. */
export function reportInputError(e: unknown): number {
  if (e instanceof EditorInputError) {
    console.error(e.message);
    return 2;
  }
  throw e;
}
