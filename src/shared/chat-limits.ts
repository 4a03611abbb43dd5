// Chat's limits and messages without zod, so the chat page can show them without loading the schemas.
import { oneLineMessage, plainTextMessage } from './control-characters';

export const DEFAULT_CONVERSATION_TITLE = 'New Conversation';

export const CHAT_LIMITS = {
  /** The longest message (documented in README); also the most the editor checks at a time (the engine's MAX_TEXT_CHARS). */
  messageMaxChars: 100_000,
  titleMaxChars: 200,
  /** A title made from the first message. */
  autoTitleMaxChars: 60,
  listPageSize: 50,
  listPageMax: 100,
  searchQueryMaxChars: 200,
} as const;

/** 100000 as "100,000" without Intl, whose first use at a page's start-up costs tens of milliseconds on a phone. */
function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

export const CHAT_MESSAGES = {
  contentRequired: 'Type a message first',
  contentControl: plainTextMessage('A message'),
  contentTooLong: `A message can be at most ${groupThousands(CHAT_LIMITS.messageMaxChars)} characters. Send the text in shorter parts, or upload it as a document.`,
  titleTooLong: `A title can be at most ${CHAT_LIMITS.titleMaxChars} characters`,
  titleControl: oneLineMessage('A title'),
  conversationId: 'Invalid conversation id',
  cursor: 'Invalid cursor',
  limit: `The page size must be between 1 and ${CHAT_LIMITS.listPageMax}`,
  searchRequired: 'Type something to search for',
  searchTooLong: `A search can be at most ${CHAT_LIMITS.searchQueryMaxChars} characters`,
  searchControl: oneLineMessage('A search'),
} as const;
