import { ChevronDown, SendHorizontal, Sparkles, Square } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { LIMITS } from '~/shared/limits';
import { QUICK_ACTIONS, quickActionMessage, type QuickActionId } from '~/shared/quick-actions';
import { CHAT_LIMITS, CHAT_MESSAGES } from '~/shared/chat-limits';
import { isPlainText } from '~/shared/control-characters';
import { COMPOSER_ID } from '../../lib/chat/composer-focus';
import { cn } from '../../lib/cn';
import { Button } from '../button';

const QUICK_ACTIONS_KEY = 'chat-quick-actions-visible';

function readQuickActionsVisible(): boolean {
  try {
    return localStorage.getItem(QUICK_ACTIONS_KEY) !== 'false';
  } catch {
    return true;
  }
}

interface ComposerProps {
  /** A reply is being written: the input is disabled and Stop replaces Send. */
  busy: boolean;
  hasMessages: boolean;
  onSend: (content: string) => Promise<boolean>;
  onStop: () => void;
  /** The upload button, beside the input. */
  upload: ReactNode;
}

/** The message box: Enter sends, Shift+Enter breaks the line, it grows to 150 px; quick actions above it. */
export function Composer({ busy, hasMessages, onSend, onStop, upload }: ComposerProps) {
  const [draft, setDraft] = useState('');
  const [showActions, setShowActions] = useState(readQuickActionsVisible);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const actionsId = useId();
  const hintId = useId();
  const actionsHintId = useId();
  const tooLong = draft.length > CHAT_LIMITS.messageMaxChars;
  const refusal = tooLong ? CHAT_MESSAGES.contentTooLong : isPlainText(draft) ? null : CHAT_MESSAGES.contentControl;
  const canSend = !busy && draft.trim() !== '' && !refusal;

  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    // Empty, the box is its one row: measuring it would lay out the whole page in the middle of a render.
    if (draft === '') {
      el.style.height = '';
      el.style.overflowY = 'hidden';
      return;
    }
    el.style.height = 'auto';
    const height = Math.min(el.scrollHeight, LIMITS.composerMaxHeightPx);
    el.style.height = `${height}px`;
    el.style.overflowY = el.scrollHeight > LIMITS.composerMaxHeightPx ? 'auto' : 'hidden';
  }, [draft]);

  // Opening the chat puts the cursor here, unless the user has already moved the focus somewhere. In the
  // next frame: focusing lays the page out, which the browser does then anyway, not in the render's task.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      if (document.activeElement === document.body || document.activeElement === null) textarea.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  // The input is disabled while a reply streams: the focus waits on Stop, and comes back when it is done.
  const stopButton = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(busy);
  useEffect(() => {
    const active = document.activeElement;
    if (busy && !wasBusy.current && (active === textarea.current || active === document.body || active === null))
      stopButton.current?.focus();
    if (wasBusy.current && !busy && (document.activeElement === document.body || document.activeElement === null))
      textarea.current?.focus();
    wasBusy.current = busy;
  }, [busy]);

  const sendText = useCallback(
    async (content: string, clearDraft: boolean) => {
      const previous = draft;
      if (clearDraft) setDraft('');
      const sent = await onSend(content);
      // Nothing typed is lost when the send fails.
      if (!sent && clearDraft) setDraft((now) => (now === '' ? previous : now));
    },
    [draft, onSend],
  );

  const submit = () => {
    if (!canSend) return;
    void sendText(draft, true);
  };

  const runQuickAction = (id: QuickActionId) => {
    if (busy || refusal) return;
    const copy = draft.trim();
    if (!hasMessages && !copy) return;
    // The bubble shows the action's name; the server expands it into the action's full prompt.
    void sendText(quickActionMessage(id, copy), copy !== '');
  };

  const toggleActions = () => {
    setShowActions((v) => {
      try {
        localStorage.setItem(QUICK_ACTIONS_KEY, String(!v));
      } catch {
        // Not remembered; it still toggles.
      }
      return !v;
    });
  };

  const actionsUsable = hasMessages || draft.trim() !== '';

  return (
    <div className="mx-auto w-full max-w-3xl">
      {/* On a phone the toggle, its icon only, leads one row of actions that scrolls sideways; wider, the actions wrap below it. */}
      <div className="mb-2 flex items-center gap-2 sm:flex-wrap sm:justify-between">
        <button
          type="button"
          onClick={toggleActions}
          aria-expanded={showActions}
          aria-controls={actionsId}
          title={showActions ? 'Hide quick actions' : 'Show quick actions'}
          className="inline-flex shrink-0 cursor-pointer items-center gap-1.5 rounded-md px-1.5 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <Sparkles aria-hidden="true" className="size-3.5 text-brand-600" />
          <span className={cn('sm:not-sr-only', showActions && 'sr-only')}>
            {showActions ? 'Hide quick actions' : 'Show quick actions'}
          </span>
          <ChevronDown aria-hidden="true" className={cn('size-3.5 transition-transform', showActions && 'rotate-180')} />
        </button>
        {showActions && !actionsUsable && (
          <p id={actionsHintId} className="sr-only truncate text-xs text-slate-500 sm:not-sr-only">
            Paste your copy below, then pick an action.
          </p>
        )}
        {showActions && (
          <div
            id={actionsId}
            role="group"
            aria-label="Quick actions"
            aria-describedby={actionsUsable ? undefined : actionsHintId}
            // While its buttons are disabled, the row (scrolled sideways on a phone) is the keyboard's way to scroll it.
            tabIndex={actionsUsable ? undefined : 0}
            className="-m-1 flex min-w-0 flex-1 gap-2 overflow-x-auto p-1 focus-visible:outline-2 focus-visible:outline-brand-600 sm:mx-0 sm:basis-full sm:flex-wrap sm:overflow-visible sm:px-0"
          >
            {QUICK_ACTIONS.map((a) => (
              <button
                key={a.id}
                type="button"
                disabled={busy || !actionsUsable}
                onClick={() => runQuickAction(a.id)}
                className={cn(
                  'shrink-0 cursor-pointer rounded-full border border-slate-200 bg-white px-3 py-1.5 text-xs font-medium text-slate-700 shadow-xs transition-colors',
                  'hover:border-brand-200 hover:bg-brand-50 hover:text-brand-700 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:border-slate-200 disabled:hover:bg-white disabled:hover:text-slate-700',
                )}
              >
                {a.label}
              </button>
            ))}
          </div>
        )}
      </div>

      <div
        className={cn(
          'flex items-end gap-1 rounded-2xl border border-slate-300 bg-white p-1.5 shadow-sm transition-colors',
          'focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-500/15',
          busy && 'bg-slate-50',
        )}
      >
        {upload}
        <textarea
          ref={textarea}
          id={COMPOSER_ID}
          rows={1}
          value={draft}
          disabled={busy}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          placeholder={busy ? 'The editor is replying…' : 'Message the editor…'}
          aria-label="Message"
          aria-describedby={hintId}
          aria-invalid={refusal ? true : undefined}
          style={{ maxHeight: LIMITS.composerMaxHeightPx }}
          className="block min-h-9 flex-1 resize-none bg-transparent px-2 py-2 text-base leading-6 text-slate-900 placeholder:text-slate-400 focus:outline-none disabled:cursor-not-allowed sm:text-[0.95rem]"
        />
        {busy ? (
          <Button
            key="stop"
            ref={stopButton}
            variant="outline"
            size="icon"
            className="size-9 rounded-xl"
            onClick={onStop}
            aria-label="Stop"
            title="Stop the reply"
          >
            <Square aria-hidden="true" className="size-3.5 fill-current" />
          </Button>
        ) : (
          <Button
            key="send"
            variant="brand"
            size="icon"
            className="size-9 rounded-xl"
            onClick={submit}
            disabled={!canSend}
            aria-label="Send"
            title="Send (Enter)"
          >
            <SendHorizontal aria-hidden="true" className="size-4" />
          </Button>
        )}
      </div>
      <p id={hintId} className={cn('mt-1.5 px-1 text-xs', refusal ? 'text-red-600' : 'hidden text-slate-500 sm:block')}>
        {refusal ?? 'Enter to send · Shift+Enter for a new line'}
      </p>
    </div>
  );
}
