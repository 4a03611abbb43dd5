import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { ConversationWithMessages, Message } from '../api-types';
import { trpc } from '../trpc';
import type { UploadSuccess } from './upload';
import { conversationKey } from './use-send-message';

/** A message that lives only in this page: the notice of an upload, or a review the server did not save. */
export interface LocalMessage {
  key: string;
  conversationId: number;
  /** Shown after this saved message (0: before all). */
  afterId: number;
  kind: 'file' | 'text';
  content: string;
  filename?: string;
}

/**
 * What an upload shows after the conversation's last saved message (`afterId`): the file's notice, and the
 * editor's review when the server wrote one it could not save. A saved review arrives with the conversation.
 */
export function uploadNotices(upload: UploadSuccess, afterId: number, key: string): LocalMessage[] {
  const { conversationId, filename, review } = upload;
  const notices: LocalMessage[] = [
    { key: `file-${key}`, conversationId, afterId, kind: 'file', filename, content: `File uploaded: ${filename}` },
  ];
  if (typeof review === 'string' && review.trim() && !upload.reviewPosted) {
    notices.push({ key: `review-${key}`, conversationId, afterId, kind: 'text', content: review });
  }
  return notices;
}

/** The review the server saved, sent with the answer: the cached conversation shows it before its refetch. */
export function savedReviewOf(upload: UploadSuccess): Message | null {
  return upload.review && typeof upload.review === 'object' ? upload.review : null;
}

/** The cached conversation with `message` added at its end, unless it holds it already. */
export function withMessage(cached: ConversationWithMessages | undefined, message: Message): ConversationWithMessages | undefined {
  return cached && !cached.messages.some((m) => m.id === message.id) ? { ...cached, messages: [...cached.messages, message] } : cached;
}

const uniqueKey = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** Documents uploaded this visit: their notices in the open conversation, their saved reviews in the query cache. */
export function useUploadedDocuments(activeId: number | null) {
  const queryClient = useQueryClient();
  const [notices, setNotices] = useState<LocalMessage[]>([]);

  const add = useCallback(
    (upload: UploadSuccess) => {
      const key = conversationKey(upload.conversationId);
      const afterId = queryClient.getQueryData<ConversationWithMessages>(key)?.messages.at(-1)?.id ?? 0;
      const added = uploadNotices(upload, afterId, uniqueKey());
      const review = savedReviewOf(upload);
      if (review) queryClient.setQueryData<ConversationWithMessages>(key, (cached) => withMessage(cached, review));
      setNotices((l) => [...l, ...added]);
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: trpc.chat.list.pathKey() });
    },
    [queryClient],
  );

  /** A deleted conversation's notices go with it. */
  const forget = useCallback((conversationId: number) => setNotices((l) => l.filter((m) => m.conversationId !== conversationId)), []);

  const shown = useMemo(() => notices.filter((l) => l.conversationId === activeId), [notices, activeId]);

  return { notices: shown, add, forget };
}
