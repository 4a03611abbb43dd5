import type { ConversationRow, MessageRow } from '../../../../db/schema';
import type { Conversation, Message } from '../../../shared/schemas/chat';

export function toConversation(row: Pick<ConversationRow, 'id' | 'title' | 'createdAt' | 'updatedAt'>): Conversation {
  return { id: row.id, title: row.title, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role,
    content: row.content,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
