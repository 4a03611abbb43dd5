import { z } from 'zod';
import { CHAT_LIMITS } from '../chat-limits';

export const EDITOR_MESSAGES = {
  textRequired: 'Paste the copy to check',
  textTooLong: `The editor checks at most ${CHAT_LIMITS.messageMaxChars.toLocaleString('en-US')} characters at a time`,
} as const;

/** Copy for the editorial engine's checks, as a script's review of a story sends it. */
export const analyzeCopyInput = z.object({
  text: z
    .string({ error: EDITOR_MESSAGES.textRequired })
    .refine((s) => s.trim() !== '', EDITOR_MESSAGES.textRequired)
    .refine((s) => s.length <= CHAT_LIMITS.messageMaxChars, EDITOR_MESSAGES.textTooLong),
});
