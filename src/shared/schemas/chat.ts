import { z } from 'zod';
import { CHAT_LIMITS, CHAT_MESSAGES, DEFAULT_CONVERSATION_TITLE } from '../chat-limits';
import { isOneLine, isPlainText } from '../control-characters';
import { ROW_ID_MAX, idField } from './fields';

export { CHAT_LIMITS, CHAT_MESSAGES, DEFAULT_CONVERSATION_TITLE } from '../chat-limits';

export const conversationIdField = idField(CHAT_MESSAGES.conversationId);

/** What the composer may send: not blank, not longer than the editor checks. */
export const messageContentField = z
  .string({ error: CHAT_MESSAGES.contentRequired })
  .refine((s) => s.trim() !== '', CHAT_MESSAGES.contentRequired)
  .refine((s) => s.length <= CHAT_LIMITS.messageMaxChars, CHAT_MESSAGES.contentTooLong)
  .refine(isPlainText, CHAT_MESSAGES.contentControl);

export const sendMessageInput = z.object({ conversationId: conversationIdField, content: messageContentField });

export const conversationIdInput = z.object({ id: conversationIdField });

export const compareRevisionInput = z.object({ conversationId: conversationIdField, messageId: conversationIdField });

/** An empty or missing title means the default one. */
export const createConversationInput = z
  .object({
    title: z
      .string()
      .trim()
      .max(CHAT_LIMITS.titleMaxChars, CHAT_MESSAGES.titleTooLong)
      .refine(isOneLine, CHAT_MESSAGES.titleControl)
      .nullish(),
  })
  .nullish()
  .transform((v) => ({ title: v?.title ? v.title : DEFAULT_CONVERSATION_TITLE }));

/** Keyset page: `cursor` is the `nextCursor` of the page before. */
export const listConversationsInput = z
  .object({
    cursor: z
      .string()
      .regex(/^\d{1,15}\.\d{1,15}$/, CHAT_MESSAGES.cursor)
      .refine((cursor) => Number(cursor.split('.')[1]) <= ROW_ID_MAX, CHAT_MESSAGES.cursor)
      .nullish(),
    limit: z.coerce
      .number({ error: CHAT_MESSAGES.limit })
      .int(CHAT_MESSAGES.limit)
      .min(1, CHAT_MESSAGES.limit)
      .max(CHAT_LIMITS.listPageMax, CHAT_MESSAGES.limit)
      .optional(),
  })
  .nullish()
  .transform((v) => ({ cursor: v?.cursor ?? null, limit: v?.limit ?? CHAT_LIMITS.listPageSize }));

export const searchConversationsInput = z.object({
  query: z
    .string({ error: CHAT_MESSAGES.searchRequired })
    .trim()
    .min(1, CHAT_MESSAGES.searchRequired)
    .max(CHAT_LIMITS.searchQueryMaxChars, CHAT_MESSAGES.searchTooLong)
    .refine(isOneLine, CHAT_MESSAGES.searchControl),
});

/** The Conversation shape of API.md. */
export interface Conversation {
  id: number;
  title: string;
  createdAt: string;
  updatedAt: string;
}

/** `stopped`: the user stopped the reply; `error`: the model failed mid-reply. Content is what arrived. */
export type MessageStatus = 'complete' | 'stopped' | 'error';

/** The Message shape of API.md, plus the reply's status. */
export interface Message {
  id: number;
  conversationId: number;
  role: 'user' | 'assistant';
  content: string;
  status: MessageStatus;
  createdAt: string;
}

export interface ConversationPage {
  items: Conversation[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface ConversationWithMessages {
  conversation: Conversation;
  /** Oldest first. */
  messages: Message[];
}

export interface SearchHit {
  conversation: Conversation;
  titleMatch: boolean;
  /** Matching messages, oldest first, with a plain-text excerpt around the match. */
  messages: Array<{ id: number; snippet: string }>;
}

/** What `chat.send` yields: text as it arrives, then both saved messages. */
export type ChatStreamEvent = { type: 'delta'; text: string } | { type: 'done'; userMessage: Message; assistantMessage: Message };

export interface SendResult {
  userMessage: Message;
  assistantMessage: Message;
}

export interface AssistantCapabilities {
  assistantId: string;
  hasVectorCapabilities: boolean;
  message: string;
}
