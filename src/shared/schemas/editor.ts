import { z } from 'zod';
import { CHAT_LIMITS } from '../chat-limits';
import { isPlainText, plainTextMessage } from '../control-characters';

export const EDITOR_MESSAGES = {
  textRequired: 'Paste the copy to check',
  textTooLong: `The editor checks at most ${CHAT_LIMITS.messageMaxChars.toLocaleString('en-US')} characters at a time`,
  textControl: plainTextMessage('The copy'),
} as const;

/** Copy for the editorial engine's checks, as a script's review of a story sends it. */
export const analyzeCopyInput = z.object({
  text: z
    .string({ error: EDITOR_MESSAGES.textRequired })
    .refine((s) => s.trim() !== '', EDITOR_MESSAGES.textRequired)
    .refine((s) => s.length <= CHAT_LIMITS.messageMaxChars, EDITOR_MESSAGES.textTooLong)
    .refine(isPlainText, EDITOR_MESSAGES.textControl),
});
