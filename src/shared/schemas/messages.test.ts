import { describe, expect, it } from 'vitest';

/**
 * The product's own messages, as every `*_MESSAGES` catalogue under src/shared holds them, written one way:
 * "email" as the spec writes it, and every sentence ended (docs/decisions/050-how-messages-are-written.md).
 */

const modules = import.meta.glob<Record<string, unknown>>(['../*.ts', './*.ts', '!../*.test.ts', '!./*.test.ts'], { eager: true });

/** Every message of every catalogue, by `CATALOGUE.key`; a message made from values is made with sample ones. */
function allMessages(): Map<string, string> {
  const out = new Map<string, string>();
  for (const mod of Object.values(modules)) {
    for (const [name, catalogue] of Object.entries(mod)) {
      if (!/MESSAGES$/.test(name) || typeof catalogue !== 'object' || catalogue === null) continue;
      for (const [key, value] of Object.entries(catalogue)) {
        const text = typeof value === 'function' ? String((value as (...args: unknown[]) => unknown)(2, 3)) : value;
        if (typeof text === 'string') out.set(`${name}.${key}`, text);
      }
    }
  }
  return out;
}

/** Texts the spec gives word for word (product-spec.md, sections 5 and 8): they stay as it writes them. */
const SPEC_VERBATIM = new Set([
  'Please enter a valid email',
  'Please enter a valid email address',
  'Password must be at least 6 characters',
  'Password must be at least 8 characters',
  'Username must be at least 3 characters',
  'Username must be at least 2 characters',
  'Password must contain at least one number',
  'Password must contain at least one symbol',
  'Passwords do not match',
  "Passwords don't match",
  'Current password is required',
  'Please confirm your password',
  'Name must be at least 2 characters',
  'Subject must be at least 5 characters',
  'Message must be at least 10 characters',
  'Team name must be at least 2 characters',
  'Must have at least 1 seat',
  'Required',
  'Failed to upload file',
  'An unexpected error occurred',
]);

/**
 * Shown under the field they are about, where they read as the spec's own field messages above do: one
 * clause and no period. A field message of two sentences ends both.
 */
const FIELD_MESSAGES = new Set([
  'MESSAGES.tooLong',
  'MESSAGES.usernameControl',
  'MESSAGES.passwordControl',
  'MESSAGES.nameControl',
  'MESSAGES.subjectControl',
  'MESSAGES.messageControl',
  'ADMIN_MESSAGES.seatsMax',
  'ADMIN_MESSAGES.ownerRequired',
  'ADMIN_MESSAGES.userStatus',
  'ADMIN_MESSAGES.teamStatus',
  'ADMIN_MESSAGES.planTooLong',
  'ADMIN_MESSAGES.planControl',
  'ADMIN_MESSAGES.searchControl',
  'ADMIN_MESSAGES.limit',
  'TEAM_MESSAGES.nameTooLong',
  'TEAM_MESSAGES.nameControl',
  'API_TOKEN_MESSAGES.nameRequired',
  'API_TOKEN_MESSAGES.nameTooLong',
  'API_TOKEN_MESSAGES.nameOneLine',
  'API_TOKEN_MESSAGES.scope',
  'API_TOKEN_MESSAGES.expiry',
  'EDITOR_MESSAGES.textRequired',
  'EDITOR_MESSAGES.textTooLong',
  'EDITOR_MESSAGES.textControl',
  'CHAT_MESSAGES.contentRequired',
  'CHAT_MESSAGES.contentControl',
  'CHAT_MESSAGES.titleTooLong',
  'CHAT_MESSAGES.titleControl',
  'CHAT_MESSAGES.limit',
  'CHAT_MESSAGES.searchRequired',
  'CHAT_MESSAGES.searchTooLong',
  'CHAT_MESSAGES.searchControl',
]);

/** Not sentences: a title, or a noun with its state ("User not found"), as a status reads. */
const LABELS = new Set([
  'ADMIN_MESSAGES.cursor',
  'ADMIN_MESSAGES.userNotFound',
  'ADMIN_MESSAGES.teamNotFound',
  'TEAM_MESSAGES.id',
  'TEAM_MESSAGES.token',
  'API_TOKEN_MESSAGES.notFound',
  'API_TOKEN_MESSAGES.invalid',
  'CHAT_MESSAGES.conversationId',
  'CHAT_MESSAGES.cursor',
  'VERIFICATION_MESSAGES.invalidToken',
  'UPLOAD_MESSAGES.successTitle',
  'UPLOAD_MESSAGES.failureTitle',
  // Leads into the address on the page: "Your email address is verified: {email}."
  'VERIFICATION_MESSAGES.verified',
]);

const ENDED = /[.!?]["”)]?$/;
const SENTENCE_BREAK = /[.!?;:]["”)]?\s+\S/;

const messages = allMessages();

describe('the product’s messages', () => {
  it('are found in every catalogue', () => {
    for (const catalogue of ['MESSAGES', 'ADMIN_MESSAGES', 'TEAM_MESSAGES', 'API_TOKEN_MESSAGES', 'CHAT_MESSAGES', 'UPLOAD_MESSAGES']) {
      expect(
        [...messages.keys()].some((key) => key.startsWith(`${catalogue}.`)),
        catalogue,
      ).toBe(true);
    }
    for (const key of [...FIELD_MESSAGES, ...LABELS]) expect(messages.has(key), `${key} is still a message`).toBe(true);
  });

  it('spell "email" as the spec does, never "e-mail"', () => {
    const hyphenated = [...messages].filter(([, text]) => /\be-mail/i.test(text));
    expect(hyphenated).toEqual([]);
  });

  it('end every sentence of a message of several sentences with a period', () => {
    const unended = [...messages].filter(([, text]) => SENTENCE_BREAK.test(text) && !ENDED.test(text) && !SPEC_VERBATIM.has(text));
    expect(unended).toEqual([]);
  });

  it('end a refusal or a notice, which reads as a sentence, with a period', () => {
    const unended = [...messages].filter(
      ([key, text]) => !FIELD_MESSAGES.has(key) && !LABELS.has(key) && !SPEC_VERBATIM.has(text) && !ENDED.test(text),
    );
    expect(unended).toEqual([]);
  });

  it('leave a one-clause field message without a period, as the spec’s own field messages are', () => {
    const ended = [...messages].filter(([key, text]) => FIELD_MESSAGES.has(key) && !SENTENCE_BREAK.test(text) && ENDED.test(text));
    expect(ended).toEqual([]);
  });
});
