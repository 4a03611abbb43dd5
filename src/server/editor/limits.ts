import { CHAT_LIMITS } from '../../shared/schemas/chat';
import { garbageRatio, looksEnglish } from './text/language';

/** The most text the engine checks in one call: a whole message of the longest kind allowed. */
export const MAX_TEXT_CHARS = CHAT_LIMITS.messageMaxChars;

export type InputProblem = 'empty' | 'too-long' | 'binary' | 'not-english';

/** Thrown by the engine's functions for input they refuse; `message` is written for the user. */
export class EditorInputError extends Error {
  constructor(
    readonly problem: Exclude<InputProblem, 'empty' | 'not-english'>,
    message: string,
  ) {
    super(message);
    this.name = 'EditorInputError';
  }
}

export const messages = {
  empty: 'There is no text to edit. Paste your story, or upload a document, and I will review it.',
  tooLong: (length: number) =>
    `The text is ${length.toLocaleString('en-US')} characters long; the editor checks at most ${MAX_TEXT_CHARS.toLocaleString('en-US')} characters at a time. Send it in shorter parts.`,
  binary: 'This does not look like text: it contains binary data. Paste the story as plain text or upload it as a document.',
  notEnglish: 'This copy does not look like English. The editor checks English news copy against AP style, so it has no findings for it.',
};

/** Classifies input the engine cannot or should not check; null means the text is fine to analyse. */
export function inputProblem(text: string): { problem: InputProblem; message: string } | null {
  if (text.length > MAX_TEXT_CHARS) return { problem: 'too-long', message: messages.tooLong(text.length) };
  if (text.trim() === '') return { problem: 'empty', message: messages.empty };
  if (garbageRatio(text) > 0.02 || text.includes('\u0000')) return { problem: 'binary', message: messages.binary };
  if (!looksEnglish(text)) return { problem: 'not-english', message: messages.notEnglish };
  return null;
}

/** Throws for input no function should process (too long, binary); returns the problem otherwise. */
export function assertUsable(text: unknown): InputProblem | null {
  if (typeof text !== 'string') throw new EditorInputError('binary', 'The editor needs text.');
  const found = inputProblem(text);
  if (found?.problem === 'too-long') throw new EditorInputError('too-long', found.message);
  if (found?.problem === 'binary') throw new EditorInputError('binary', found.message);
  return found?.problem ?? null;
}
