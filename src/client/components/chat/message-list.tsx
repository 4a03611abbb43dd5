import { Fragment, useMemo } from 'react';
import type { Message } from '../../lib/api-types';
import { revisionAt, type Revision } from '../../lib/chat/revision';
import type { LocalMessage } from '../../lib/chat/use-uploaded-documents';
import type { LiveReply } from '../../lib/chat/use-send-message';
import { AssistantMessage, FileUploadedPrefix, UserBubble } from './message-item';

interface MessageListProps {
  messages: Message[];
  local: LocalMessage[];
  pendingUser: string | null;
  live: LiveReply | null;
  highlightId: number | null;
  isPinned: (id: number) => boolean;
  onTogglePin: (message: Message) => void;
  onCompare: (revision: Revision) => void;
}

export function MessageList(p: MessageListProps) {
  const revisions = useMemo(() => p.messages.map((_, i) => revisionAt(p.messages, i)), [p.messages]);
  const localAfter = useMemo(() => {
    const known = new Set(p.messages.map((m) => m.id));
    const map = new Map<number, LocalMessage[]>();
    for (const l of p.local) {
      const at = known.has(l.afterId) ? l.afterId : l.afterId === 0 ? 0 : -1;
      map.set(at, [...(map.get(at) ?? []), l]);
    }
    return map;
  }, [p.local, p.messages]);

  const renderLocal = (list: LocalMessage[] | undefined) =>
    list?.map((l) => (
      <AssistantMessage
        key={l.key}
        content={l.content}
        prefix={l.kind === 'file' ? <FileUploadedPrefix filename={l.filename ?? ''} /> : undefined}
      />
    ));

  // The log is read out as messages are added. While a reply streams it is busy, so a screen reader says the reply
  // once it is complete instead of token by token; the start (the message sent, the editor typing) is read at once.
  const streaming = p.live !== null && p.live.state !== 'waiting';
  return (
    <div role="log" aria-label="Messages" aria-live="polite" aria-busy={streaming} className="space-y-6">
      {renderLocal(localAfter.get(0))}
      {p.messages.map((m, i) => {
        const revision = revisions[i];
        return (
          <Fragment key={m.id}>
            {m.role === 'user' ? (
              <UserBubble id={m.id} content={m.content} highlighted={p.highlightId === m.id} />
            ) : (
              <AssistantMessage
                id={m.id}
                content={m.content}
                status={m.status}
                highlighted={p.highlightId === m.id}
                pinned={p.isPinned(m.id)}
                onTogglePin={() => p.onTogglePin(m)}
                revision={revision}
                onCompare={
                  revision ? () => p.onCompare({ ...revision, reply: { conversationId: m.conversationId, messageId: m.id } }) : undefined
                }
              />
            )}
            {renderLocal(localAfter.get(m.id))}
          </Fragment>
        );
      })}
      {renderLocal(localAfter.get(-1))}
      {p.pendingUser !== null && <UserBubble content={p.pendingUser} pending />}
      {p.live && <AssistantMessage content={p.live.text} live={p.live.state} />}
    </div>
  );
}
