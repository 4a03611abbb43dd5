import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { conversations, messages, type ConversationRow, type MessageRow } from '../../../../db/schema';
import {
  DEFAULT_CONVERSATION_TITLE,
  type Conversation,
  type ConversationPage,
  type ConversationWithMessages,
  type Message,
  type MessageStatus,
} from '../../../shared/schemas/chat';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { fail } from '../../errors';
import { toConversation, toMessage } from './shapes';
import { titleFromMessage } from './title';
import { keysetPage } from '../keyset-page';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

const encodeCursor = (row: Pick<ConversationRow, 'updatedAt' | 'id'>) => `${row.updatedAt.getTime()}.${row.id}`;

function decodeCursor(cursor: string): { updatedAt: number; id: number } {
  const [updatedAt, id] = cursor.split('.').map(Number);
  return { updatedAt: updatedAt!, id: id! };
}

/** Conversations and their messages, always scoped to their owner: another user's id reads as not found. */
export function createConversationStore(db: DB, clock: Clock) {
  // The send path runs these on every message: prepared once, not rebuilt per call.
  const p = (name: string) => sql.placeholder(name);
  const ownedQuery = db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, p('id')), eq(conversations.userId, p('userId'))))
    .prepare();
  const insertMessageQuery = db
    .insert(messages)
    .values({ conversationId: p('conversationId'), role: p('role'), content: p('content'), status: p('status'), createdAt: p('createdAt') })
    .returning()
    .prepare();
  // Milliseconds: a placeholder inside sql`` is not mapped from a Date.
  const touchQuery = db
    .update(conversations)
    .set({ updatedAt: sql`${p('updatedAtMs')}` })
    .where(eq(conversations.id, p('id')))
    .prepare();
  const earlierUserQuery = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, p('conversationId')), eq(messages.role, 'user'), sql`${messages.id} < ${p('before')}`))
    .limit(1)
    .prepare();
  const historyQuery = db
    .select({ role: messages.role, content: messages.content })
    .from(messages)
    .where(and(eq(messages.conversationId, p('conversationId')), sql`${messages.id} < ${p('before')}`))
    .orderBy(desc(messages.id))
    .limit(p('limit'))
    .prepare();
  const listColumns = {
    id: conversations.id,
    title: conversations.title,
    createdAt: conversations.createdAt,
    updatedAt: conversations.updatedAt,
  };
  const firstPageQuery = db
    .select(listColumns)
    .from(conversations)
    .where(eq(conversations.userId, p('userId')))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(p('limit'))
    .prepare();
  const nextPageQuery = db
    .select(listColumns)
    .from(conversations)
    .where(
      and(eq(conversations.userId, p('userId')), sql`(${conversations.updatedAt}, ${conversations.id}) < (${p('updatedAt')}, ${p('id')})`),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(p('limit'))
    .prepare();
  const messagesQuery = db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, p('conversationId')))
    .orderBy(asc(messages.id))
    .prepare();

  /** The caller's conversation, or 404 whether it is missing or someone else's. */
  function owned(userId: number, id: number): ConversationRow {
    const row = ownedQuery.get({ id, userId });
    if (!row) fail('NOT_FOUND', CONVERSATION_NOT_FOUND);
    return row;
  }

  function insertMessage(conversationId: number, role: 'user' | 'assistant', content: string, status: MessageStatus): MessageRow {
    const now = clock();
    const row = insertMessageQuery.get({ conversationId, role, content, status, createdAt: now })!;
    touchQuery.run({ id: conversationId, updatedAtMs: now.getTime() });
    return row;
  }

  return {
    owned,

    /** Newest `updatedAt` first; keyset pages over (updatedAt, id) so page 200 costs what page 1 does. */
    list(userId: number, page: { cursor: string | null; limit: number }): ConversationPage {
      const after = page.cursor ? decodeCursor(page.cursor) : null;
      const limit = page.limit + 1;
      const rows = after ? nextPageQuery.all({ userId, limit, ...after }) : firstPageQuery.all({ userId, limit });
      return keysetPage(rows, page.limit, toConversation, encodeCursor);
    },

    get(userId: number, id: number): ConversationWithMessages {
      const conversation = owned(userId, id);
      const rows = messagesQuery.all({ conversationId: id });
      return { conversation: toConversation(conversation), messages: rows.map(toMessage) };
    },

    create(userId: number, title: string = DEFAULT_CONVERSATION_TITLE): Conversation {
      const now = clock();
      const row = db.insert(conversations).values({ userId, title, createdAt: now, updatedAt: now }).returning().get();
      return toConversation(row);
    },

    /** Messages go by cascade, and documents with their passages (and both full-text indexes, by trigger). */
    remove(userId: number, id: number): void {
      const result = db
        .delete(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
        .run();
      if (result.changes === 0) fail('NOT_FOUND', CONVERSATION_NOT_FOUND);
    },

    /** Saves the user's message; the first one in a 'New Conversation' names it. */
    addUserMessage(userId: number, conversationId: number, content: string): Message {
      return db.transaction(() => {
        const conversation = owned(userId, conversationId);
        const row = insertMessage(conversationId, 'user', content, 'complete');
        if (conversation.title === DEFAULT_CONVERSATION_TITLE) {
          const earlier = earlierUserQuery.get({ conversationId, before: row.id });
          const title = titleFromMessage(content);
          if (!earlier && title) db.update(conversations).set({ title }).where(eq(conversations.id, conversationId)).run();
        }
        return toMessage(row);
      });
    },

    /** Saves a reply (complete, stopped or failed); null when the conversation was deleted meanwhile. */
    addAssistantMessage(userId: number, conversationId: number, content: string, status: MessageStatus = 'complete'): Message | null {
      return db.transaction(() => {
        const exists = ownedQuery.get({ id: conversationId, userId });
        return exists ? toMessage(insertMessage(conversationId, 'assistant', content, status)) : null;
      });
    },

    /** The turns before a message, oldest first (the newest `limit`). */
    historyBefore(conversationId: number, beforeMessageId: number, limit: number): Array<Pick<MessageRow, 'role' | 'content'>> {
      return historyQuery.all({ conversationId, before: beforeMessageId, limit }).reverse();
    },
  };
}

export type ConversationStore = ReturnType<typeof createConversationStore>;
