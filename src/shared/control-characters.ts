// Without zod, so the chat page can check a draft without loading the schemas.

/** Control characters (C0, DEL, C1): nothing typed on one line holds them, though pasted text can. PostgreSQL cannot store NUL at all. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** In text of several lines, the C0 controls other than tab, line feed and carriage return. */
const CONTROL_CHARACTER_IN_TEXT = /[^\P{Cc}\t\n\r\u007f-\u009f]/u;

/** A one-line field's value holds no control character, tab and line break included. */
export const isOneLine = (s: string): boolean => !CONTROL_CHARACTER.test(s);

/** Text of several lines (a message) holds no control character but tab, line feed and carriage return. */
export const isPlainText = (s: string): boolean => !CONTROL_CHARACTER_IN_TEXT.test(s);

/** The refusal for a one-line field, `what` being how a sentence names it ("A username"). */
export const oneLineMessage = (what: string) => `${what} cannot contain tabs, line breaks or other control characters`;

/** The refusal for text of several lines. */
export const plainTextMessage = (what: string) => `${what} cannot contain control characters other than tabs and line breaks`;
