import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { ConversationRow, MessageRow } from '../../../../db/schema';
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
import { prepared, preparedPer } from '../../database/prepared';
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
  const { conversations, messages } = db.tables;
  const listColumns = {
    id: conversations.id,
    title: conversations.title,
    createdAt: conversations.createdAt,
    updatedAt: conversations.updatedAt,
  };

  // The sidebar, the open conversation and every reply read these; prepared once, they build no SQL per request.
  // Prepared queries run outside any transaction on PostgreSQL, so only reads made outside one use them.
  const sidebarPage = (where: SQL | undefined, name: string) =>
    prepared(
      db
        .select(listColumns)
        .from(conversations)
        .where(where)
        .orderBy(desc(conversations.updatedAt), desc(conversations.id))
        .limit(sql.placeholder('limit')),
      name,
    );
  const ofUser = eq(conversations.userId, sql.placeholder('userId'));
  const firstPage = sidebarPage(ofUser, 'conversations_first_page');
  const nextPage = sidebarPage(
    // the column encodes the date, as each engine stores it
    and(
      ofUser,
      sql`(${conversations.updatedAt}, ${conversations.id}) < (${sql.param(sql.placeholder('updatedAt'), conversations.updatedAt)}, ${sql.placeholder('id')})`,
    ),
    'conversations_next_page',
  );
  // Also read and written inside transactions (a send's checks and save): prepared per executor.
  const ownedConversation = preparedPer(
    (q) =>
      q
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, sql.placeholder('id')), eq(conversations.userId, sql.placeholder('userId'))))
        .limit(1),
    'owned_conversation',
  );
  const newMessage = preparedPer(
    (q) =>
      q
        .insert(messages)
        .values({
          conversationId: sql.placeholder('conversationId'),
          role: sql.placeholder('role'),
          content: sql.placeholder('content'),
          status: sql.placeholder('status'),
          createdAt: sql.placeholder('createdAt'),
        })
        .returning(),
    'new_message',
  );
  const touchConversation = preparedPer(
    (q) =>
      q
        .update(conversations)
        .set({ updatedAt: sql`${sql.param(sql.placeholder('updatedAt'), conversations.updatedAt)}` })
        .where(eq(conversations.id, sql.placeholder('id'))),
    'touch_conversation',
  );
  const earlierUserMessage = preparedPer(
    (q) =>
      q
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, sql.placeholder('conversationId')),
            eq(messages.role, 'user'),
            lt(messages.id, sql.placeholder('beforeId')),
          ),
        )
        .limit(1),
    'earlier_user_message',
  );
  const messagesOf = prepared(
    db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, sql.placeholder('conversationId')))
      .orderBy(asc(messages.id)),
    'conversation_messages',
  );

  const historyOf = prepared(
    db
      .select({ role: messages.role, content: messages.content })
      .from(messages)
      .where(and(eq(messages.conversationId, sql.placeholder('conversationId')), lt(messages.id, sql.placeholder('beforeId'))))
      .orderBy(desc(messages.id))
      .limit(sql.placeholder('limit')),
    'conversation_history',
  );

  /** The caller's conversation, read through `q` (the database or a transaction), or 404 whether it is missing or someone else's. */
  async function ownedIn(q: DB, userId: number, id: number): Promise<ConversationRow> {
    const [row] = await ownedConversation(q).execute({ id, userId });
    if (!row) fail('NOT_FOUND', CONVERSATION_NOT_FOUND);
    return row;
  }

  const owned = (userId: number, id: number): Promise<ConversationRow> => ownedIn(db, userId, id);

  /** Run inside the caller's transaction: the message and the conversation's new `updatedAt` land together. */
  async function insertMessage(
    tx: DB,
    conversationId: number,
    role: 'user' | 'assistant',
    content: string,
    status: MessageStatus,
  ): Promise<MessageRow> {
    const now = clock();
    const [row] = await newMessage(tx).execute({ conversationId, role, content, status, createdAt: now });
    await touchConversation(tx).execute({ updatedAt: now, id: conversationId });
    return row!;
  }

  return {
    owned,

    /** Newest `updatedAt` first; keyset pages over (updatedAt, id) so page 200 costs what page 1 does. */
    async list(userId: number, page: { cursor: string | null; limit: number }): Promise<ConversationPage> {
      const after = page.cursor ? decodeCursor(page.cursor) : null;
      const limit = page.limit + 1;
      const rows = after
        ? await nextPage.execute({ userId, updatedAt: new Date(after.updatedAt), id: after.id, limit })
        : await firstPage.execute({ userId, limit });
      return keysetPage(rows, page.limit, toConversation, encodeCursor);
    },

    async get(userId: number, id: number): Promise<ConversationWithMessages> {
      const conversation = await owned(userId, id);
      const rows = await messagesOf.execute({ conversationId: id });
      return { conversation: toConversation(conversation), messages: rows.map(toMessage) };
    },

    async create(userId: number, title: string = DEFAULT_CONVERSATION_TITLE): Promise<Conversation> {
      const now = clock();
      const [row] = await db.insert(conversations).values({ userId, title, createdAt: now, updatedAt: now }).returning();
      return toConversation(row!);
    },

    /** Messages go by cascade, and documents with their passages (and both full-text indexes, by trigger). */
    async remove(userId: number, id: number): Promise<void> {
      const gone = await db
        .delete(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
        .returning({ id: conversations.id });
      if (gone.length === 0) fail('NOT_FOUND', CONVERSATION_NOT_FOUND);
    },

    /**
     * Saves the user's message; the first one in a 'New Conversation' names it. `admit` runs in the
     * same transaction once the conversation is found to be the user's: what it records (a rate
     * limit's hit) is undone with the message if it or the save throws, and it costs no commit of its own.
     */
    addUserMessage(userId: number, conversationId: number, content: string, admit?: (tx: DB) => Promise<void>): Promise<Message> {
      return db.transaction(async (tx) => {
        const conversation = await ownedIn(tx, userId, conversationId);
        await admit?.(tx);
        const row = await insertMessage(tx, conversationId, 'user', content, 'complete');
        if (conversation.title === DEFAULT_CONVERSATION_TITLE) {
          const [earlier] = await earlierUserMessage(tx).execute({ conversationId, beforeId: row.id });
          const title = titleFromMessage(content);
          if (!earlier && title) await tx.update(conversations).set({ title }).where(eq(conversations.id, conversationId));
        }
        return toMessage(row);
      });
    },

    /** Saves a reply (complete, stopped or failed); null when the conversation was deleted meanwhile. */
    addAssistantMessage(
      userId: number,
      conversationId: number,
      content: string,
      status: MessageStatus = 'complete',
    ): Promise<Message | null> {
      return db.transaction(async (tx) => {
        const [exists] = await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
          .limit(1);
        // PostgreSQL text holds no NUL, and a model's answer may carry one: the reply is kept without it.
        return exists ? toMessage(await insertMessage(tx, conversationId, 'assistant', content.replaceAll('\0', ''), status)) : null;
      });
    },

    /** The turns before a message, oldest first (the newest `limit`). */
    async historyBefore(
      conversationId: number,
      beforeMessageId: number,
      limit: number,
    ): Promise<Array<Pick<MessageRow, 'role' | 'content'>>> {
      const rows = await historyOf.execute({ conversationId, beforeId: beforeMessageId, limit });
      return rows.reverse();
    },
  };
}

export type ConversationStore = ReturnType<typeof createConversationStore>;
