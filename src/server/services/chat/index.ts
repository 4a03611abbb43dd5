import type { UserRow } from '../../../../db/schema';
import type { AssistantCapabilities, Message } from '../../../shared/schemas/chat';
import type { Clock } from '../../clock';
import type { DB, Dialect } from '../../db';
import { errorForLog, fail } from '../../errors';
import type { AiProvider } from '../ai';
import { RATE_LIMITS } from '../../../shared/limits';
import type { RateLimiter } from '../rate-limiter';
import { createConversationStore } from './conversations';
import { createReplies, parseReplyStop, type HouseStyle, type PassageSource, type ReplyStop } from './reply';
import { createConversationSearch } from './search';
import type { Signals } from '../../database/signals';
import { compareRevision } from './revision';

export type { PassageSource } from './reply';

export const TOO_MANY_CONVERSATIONS = 'You are creating conversations too quickly. Please wait a moment and try again.';

export interface ChatServiceDeps {
  db: DB;
  dialect: Pick<Dialect, 'conversations' | 'signals'>;
  clock: Clock;
  limiter: RateLimiter;
  ai: AiProvider;
  /** Looked up when a message arrives, so the documents service may be built after this one (or not at all). */
  documents?: () => PassageSource | undefined;
  /** Where Stop travels between instances; by default the database's signals. */
  stops?: Signals<ReplyStop>;
  /** The stylebook service, so replies follow the newsroom's own rules. */
  houseStyle?: HouseStyle;
  log: (line: string) => void;
}

export const REPLY_STOP_CHANNEL = 'copydesk_reply_stop';

/** Conversations, messages, streamed replies and the sidebar search; every call is scoped to its user. */
export function createChatService(d: ChatServiceDeps) {
  const store = createConversationStore(d.db, d.clock);
  const documents = d.documents ?? (() => undefined);
  const stops = d.stops ?? d.dialect.signals({ channel: REPLY_STOP_CHANNEL, parse: parseReplyStop, log: d.log });
  const replies = createReplies({ store, ai: d.ai, limiter: d.limiter, documents, stops, houseStyle: d.houseStyle, log: d.log });
  /** Ends the conversation's replies wherever they stream; a failure to tell the other instances is the operator's. */
  async function stopReplies(userId: number, conversationId: number) {
    try {
      await stops.send({ userId, conversationId });
    } catch (e) {
      d.log(`chat: could not send Stop for conversation ${conversationId} to the other instances: ${errorForLog(e)}`);
    }
  }
  const search = createConversationSearch(d.dialect.conversations);

  return {
    list: (user: Pick<UserRow, 'id'>, page: { cursor: string | null; limit: number }) => store.list(user.id, page),
    get: (user: Pick<UserRow, 'id'>, id: number) => store.get(user.id, id),
    async create(user: Pick<UserRow, 'id'>, title?: string) {
      await d.limiter.take([[`conversations:user:${user.id}`, RATE_LIMITS.conversationsPerUser]], TOO_MANY_CONVERSATIONS);
      return store.create(user.id, title);
    },
    async remove(user: Pick<UserRow, 'id'>, id: number) {
      await store.remove(user.id, id);
      await stopReplies(user.id, id);
    },
    /** Stops the conversation's reply, on whichever instance it streams (404 for another user's conversation). */
    async stop(user: Pick<UserRow, 'id'>, id: number) {
      await store.owned(user.id, id);
      await stopReplies(user.id, id);
    },
    search: (user: Pick<UserRow, 'id'>, query: string) => search(user.id, query),
    /** Before and after of a reply's revised text, as a word diff linked to the rules (404 for others' messages). */
    async compare(user: Pick<UserRow, 'id'>, conversationId: number, messageId: number) {
      const { messages } = await store.get(user.id, conversationId);
      if (!messages.some((m) => m.id === messageId)) fail('NOT_FOUND', 'Message not found');
      return compareRevision(messages, messageId);
    },
    /** Saves the user's message and returns the reply to stream (see ReplyStream). */
    send: (user: UserRow, input: { conversationId: number; content: string }, signal?: AbortSignal) => replies.send(user, input, signal),
    /** Replies streaming now for a user (tests, diagnostics). */
    repliesInFlight: (userId: number) => replies.inFlight(userId),
    /** Replies streaming in this process. */
    streaming: () => replies.streaming(),
    /** Waits for this process's replies to finish (stopping those still running after `timeoutMs`). */
    drain: (timeoutMs: number) => replies.drain(timeoutMs),
    async close() {
      replies.close();
      await stops.close();
    },

    /**
     * Posts an assistant message outside a reply (the editor's review of an
     * uploaded document). 404 unless the conversation is the user's; it moves to
     * the top of the list.
     */
    async addAssistantMessage(userId: number, conversationId: number, markdown: string): Promise<Message> {
      await store.owned(userId, conversationId);
      if (markdown.trim() === '') fail('BAD_REQUEST', 'The message is empty');
      const message = await store.addAssistantMessage(userId, conversationId, markdown);
      if (!message) fail('NOT_FOUND', 'Conversation not found');
      return message;
    },

    capabilities(): AssistantCapabilities {
      return { assistantId: d.ai.assistantId, hasVectorCapabilities: documents() !== undefined, message: d.ai.capabilities() };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
