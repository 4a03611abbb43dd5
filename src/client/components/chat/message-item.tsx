import { AlertTriangle, Columns2, FileText, Pin, PinOff, Square } from 'lucide-react';
import { memo, useMemo, type ReactNode } from 'react';
import type { MessageStatus } from '../../lib/api-types';
import { useRevisionEdits } from '../../lib/chat/edit-choices';
import { withSectionText, type Revision } from '../../lib/chat/revision';
import { cn } from '../../lib/cn';
import { LogoMark } from '../logo';
import { CopyButton } from './copy-button';
import { EditList } from './edit-list';
import { Markdown } from './lazy-markdown';
import { MessageAction } from './message-action';
import { TypingIndicator } from './typing-indicator';

export function UserBubble({
  content,
  id,
  highlighted,
  pending,
}: {
  content: string;
  id?: number;
  highlighted?: boolean;
  pending?: boolean;
}) {
  return (
    <article
      id={id ? `message-${id}` : undefined}
      data-message-id={id}
      data-role="user"
      data-highlighted={highlighted || undefined}
      aria-label="Your message"
      className="group flex scroll-mt-24 flex-col items-end"
    >
      <div
        className={cn(
          'max-w-[88%] rounded-2xl rounded-br-md bg-slate-900 px-4 py-2.5 text-[0.95rem] leading-relaxed whitespace-pre-wrap break-words text-white shadow-sm transition-shadow duration-300 sm:max-w-[80%] dark:bg-brand-100 dark:text-slate-900',
          pending && 'opacity-80',
          highlighted && 'ring-4 ring-amber-300 ring-offset-2',
        )}
      >
        {content}
      </div>
      {!pending && (
        <div className="mt-1 flex opacity-100 transition-opacity sm:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100">
          <CopyButton text={content} />
        </div>
      )}
    </article>
  );
}

interface AssistantProps {
  id?: number;
  content: string;
  status?: MessageStatus;
  highlighted?: boolean;
  /** Streaming: no actions yet; `waiting` shows the typing indicator. */
  live?: 'waiting' | 'streaming' | 'stopped' | 'done';
  pinned?: boolean;
  onTogglePin?: () => void;
  onCompare?: () => void;
  /** The copy this reply revises and its revision: the reply lists its edits to accept or reject. */
  revision?: Revision | null;
  /** Shown before the text (the file icon of an upload notice). */
  prefix?: ReactNode;
}

export const AssistantMessage = memo(function AssistantMessage(p: AssistantProps) {
  const stopped = p.status === 'stopped' || p.live === 'stopped';
  const failed = p.status === 'error';
  const hasActions = !p.live && p.content.trim() !== '';
  const edits = useRevisionEdits(p.id ?? null, p.id && !p.live ? (p.revision ?? null) : null);
  const rejectedSome = edits !== null && edits.rejected.size > 0;
  // The revised text the reply shows follows the writer's choices.
  const shown = useMemo(
    () => (rejectedSome ? withSectionText(p.content, 'Revised text', edits.result) : p.content),
    [rejectedSome, p.content, edits?.result],
  );
  return (
    <article
      id={p.id ? `message-${p.id}` : undefined}
      data-message-id={p.id}
      data-role="assistant"
      data-highlighted={p.highlighted || undefined}
      aria-label="Editor’s reply"
      aria-busy={p.live === 'waiting' || p.live === 'streaming' || undefined}
      className="flex scroll-mt-24 gap-3"
    >
      <LogoMark className="mt-0.5 size-7 shrink-0 rounded-md [&_svg]:size-3.5" />
      <div
        className={cn(
          'min-w-0 flex-1 rounded-xl transition-shadow duration-300',
          p.highlighted && 'bg-amber-50 ring-4 ring-amber-300 ring-offset-4 ring-offset-amber-50',
        )}
      >
        {p.live === 'waiting' ? (
          <TypingIndicator />
        ) : (
          <>
            {p.prefix ? (
              <div className="flex items-start gap-2 text-[0.95rem] text-slate-800">{p.prefix}</div>
            ) : p.content.trim() ? (
              <Markdown>{shown}</Markdown>
            ) : stopped ? (
              <p className="text-sm text-slate-500 italic">No text arrived before the reply was stopped.</p>
            ) : null}
            {p.live === 'streaming' && (
              <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-slate-400 align-middle" />
            )}
          </>
        )}
        {stopped && (
          <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200 ring-inset">
            <Square aria-hidden="true" className="size-3 fill-current" />
            Stopped
          </p>
        )}
        {failed && (
          <p className="mt-2 inline-flex items-center gap-1.5 text-xs font-medium text-red-700">
            <AlertTriangle aria-hidden="true" className="size-3.5" />
            The editor could not finish this reply.
          </p>
        )}
        {hasActions && edits && edits.plan.edits.length > 0 && <EditList edits={edits} />}
        {hasActions && (
          <div className="mt-1.5 -ml-1.5 flex items-center gap-0.5">
            <CopyButton text={p.content} />
            {p.onTogglePin && (
              <MessageAction label={p.pinned ? 'Unpin message' : 'Pin message'} aria-pressed={p.pinned} onClick={p.onTogglePin}>
                {p.pinned ? <PinOff aria-hidden="true" className="size-4" /> : <Pin aria-hidden="true" className="size-4" />}
              </MessageAction>
            )}
            {p.onCompare && (
              <MessageAction label="Compare drafts side by side" onClick={p.onCompare}>
                <Columns2 aria-hidden="true" className="size-4" />
              </MessageAction>
            )}
          </div>
        )}
      </div>
    </article>
  );
});

/** The notice an upload leaves in the conversation (kept in this page only). */
export function FileUploadedPrefix({ filename }: { filename: string }) {
  return (
    <>
      <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
      <p>
        <span className="font-semibold">File uploaded</span>
        <span className="text-slate-600">: {filename}</span>
      </p>
    </>
  );
}
