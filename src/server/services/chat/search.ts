import type { SearchHit } from '../../../shared/schemas/chat';
import { toConversation } from './shapes';
import { searchSnippet } from './snippet';

const MAX_CONVERSATIONS = 50;
const MAX_MESSAGE_HITS = 300;
const MAX_MESSAGES_PER_CONVERSATION = 10;
const MAX_TERMS = 8;

/**
 * The words to search for in what the user typed: letters and digits only, so search syntax typed
 * into the box (NEAR, *, column filters, quotes) is plain text. A message matches when it holds
 * every word, the last as a prefix (they may still be typing). Null when no word is left.
 */
export function searchTerms(input: string): string[] | null {
  const terms = input.match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_TERMS);
  return terms?.length ? terms : null;
}

export interface ConversationMatch {
  id: number;
  title: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface MessageMatch extends ConversationMatch {
  messageId: number;
  role: 'user' | 'assistant';
  /** Words around the match, cut with '…'. */
  snippet: string;
}

/** The dialect's half of the search: each lookup reads only `userId`'s rows, newest first, at most `limit`. */
export interface ConversationMatcher {
  /** Conversations whose title contains `query`, in any case. */
  byTitle(userId: number, query: string, limit: number): Promise<ConversationMatch[]>;
  /** Messages holding every one of `terms` (from `searchTerms`), the last as a prefix. */
  byMessage(userId: number, terms: readonly string[], limit: number): Promise<MessageMatch[]>;
}

/** The sidebar search: conversations whose title contains the query or whose messages match it, newest first. */
export function createConversationSearch(matcher: ConversationMatcher) {
  return async function search(userId: number, query: string): Promise<SearchHit[]> {
    const hits = new Map<number, { row: ConversationMatch; titleMatch: boolean; messages: Array<{ id: number; snippet: string }> }>();
    for (const row of await matcher.byTitle(userId, query, MAX_CONVERSATIONS)) hits.set(row.id, { row, titleMatch: true, messages: [] });
    const terms = searchTerms(query);
    for (const r of terms ? await matcher.byMessage(userId, terms, MAX_MESSAGE_HITS) : []) {
      const hit = hits.get(r.id) ?? { row: r, titleMatch: false, messages: [] };
      hits.set(r.id, hit);
      hit.messages.push({ id: r.messageId, snippet: searchSnippet(r.snippet, r.role) });
    }
    return [...hits.values()]
      .sort((a, b) => b.row.updatedAt.getTime() - a.row.updatedAt.getTime() || b.row.id - a.row.id)
      .slice(0, MAX_CONVERSATIONS)
      .map((h) => ({
        conversation: toConversation(h.row),
        titleMatch: h.titleMatch,
        messages: h.messages.sort((a, b) => a.id - b.id).slice(0, MAX_MESSAGES_PER_CONVERSATION),
      }));
  };
}
