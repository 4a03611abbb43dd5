import { ChevronRight, CornerDownRight, Pin, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { focusComposer, returnFocusToComposer } from '../../lib/chat/composer-focus';
import { pinPreview, type PinnedMessage } from '../../lib/chat/pinned';
import { cn } from '../../lib/cn';
import { Button } from '../button';
import { ConfirmDialog } from '../confirm-dialog';
import { CopyButton } from './copy-button';
import { MessageAction } from './message-action';

interface PinnedPanelProps {
  pins: PinnedMessage[];
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
  onRemove: (messageId: number) => void;
  onClear: () => void;
  onOpen: (pin: PinnedMessage) => void;
  /** Conversation titles by id, to say where a pin came from. */
  titleOf: (conversationId: number) => string | undefined;
}

/**
 * Pinned references on the right edge: a column on wide screens (collapsed to a
 * slim strip), a sheet over the chat on small ones (collapsed to nothing: the
 * header's Pinned button opens it).
 */
export function PinnedPanel(p: PinnedPanelProps) {
  const collapseButton = useRef<HTMLButtonElement>(null);
  const expandButton = useRef<HTMLButtonElement>(null);
  const wasCollapsed = useRef(p.collapsed);
  const list = useRef<HTMLUListElement>(null);
  // Over the chat on a small screen, the open sheet takes the focus, Escape closes it, and the focus goes back to
  // the composer. On a wide screen the button that was pressed is gone, so its counterpart takes the focus.
  useEffect(() => {
    const narrow = !window.matchMedia('(min-width: 1024px)').matches;
    const focusLost = document.activeElement === document.body || document.activeElement === null;
    if (!p.collapsed && (narrow || (focusLost && wasCollapsed.current))) collapseButton.current?.focus();
    else if (p.collapsed && !wasCollapsed.current && focusLost) {
      if (narrow) focusComposer();
      else expandButton.current?.focus();
    }
    wasCollapsed.current = p.collapsed;
  }, [p.collapsed]);
  // The pressed button leaves with its pin: the focus goes to the next pin's Remove (else the previous one's), or back to the composer.
  const remove = (id: number) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('li[data-pin-id]') ?? [])];
    const at = items.findIndex((li) => li.dataset.pinId === String(id));
    const neighbour = items[at + 1] ?? items[at - 1];
    if (neighbour) neighbour.querySelector<HTMLElement>('[data-pin-remove]')?.focus();
    else focusComposer();
    p.onRemove(id);
  };
  if (p.collapsed) {
    return (
      <aside
        aria-label="Pinned references"
        className="hidden w-12 shrink-0 flex-col items-center border-l border-slate-200 bg-slate-50 pt-2.5 lg:flex"
      >
        <Button
          ref={expandButton}
          variant="ghost"
          size="icon"
          className="relative size-9"
          aria-label={`Show pinned references (${p.pins.length})`}
          aria-expanded={false}
          onClick={() => p.onCollapsedChange(false)}
        >
          <Pin aria-hidden="true" className="size-4.5" />
          <span className="absolute -top-1 -right-1 min-w-4.5 rounded-full bg-brand-600 px-1 text-[0.65rem] leading-4.5 font-semibold text-white">
            {p.pins.length}
          </span>
        </Button>
      </aside>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-label="Close pinned references"
        tabIndex={-1}
        onClick={() => p.onCollapsedChange(true)}
        className="fixed inset-0 z-30 bg-slate-950/30 lg:hidden"
      />
      <aside
        aria-label="Pinned references"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !window.matchMedia('(min-width: 1024px)').matches) p.onCollapsedChange(true);
        }}
        className={cn(
          'flex w-[min(22rem,88vw)] shrink-0 flex-col border-l border-slate-200 bg-slate-50',
          'fixed inset-y-0 right-0 z-40 shadow-2xl lg:static lg:z-auto lg:w-80 lg:shadow-none',
        )}
      >
        <div className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 px-2">
          <Button
            ref={collapseButton}
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label="Collapse pinned references"
            aria-expanded
            onClick={() => p.onCollapsedChange(true)}
          >
            <ChevronRight aria-hidden="true" className="size-4.5" />
          </Button>
          <h2 className="text-base text-slate-900">
            Pinned references <span className="font-normal text-slate-500">({p.pins.length})</span>
          </h2>
        </div>
        <ul ref={list} className="min-h-0 flex-1 space-y-2 overflow-y-auto p-3">
          {p.pins.map((pin) => {
            const title = p.titleOf(pin.conversationId);
            return (
              <li key={pin.id} className="rounded-xl border border-slate-200 bg-white p-3 shadow-xs" data-pin-id={pin.id}>
                {title && <p className="mb-1 truncate text-xs font-medium text-slate-500">{title}</p>}
                <p className="text-sm leading-relaxed break-words whitespace-pre-line text-slate-800" data-testid="pin-preview">
                  {pinPreview(pin.content)}
                </p>
                <div className="mt-2 -mb-1 -ml-1.5 flex items-center gap-0.5">
                  {title && (
                    <MessageAction label="Go to message" onClick={() => p.onOpen(pin)}>
                      <CornerDownRight aria-hidden="true" className="size-4" />
                    </MessageAction>
                  )}
                  <CopyButton text={pin.content} label="Copy pinned message" />
                  <MessageAction
                    label="Remove from pinned"
                    data-pin-remove
                    className="ml-auto hover:bg-red-50 hover:text-red-600"
                    onClick={() => remove(pin.id)}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </MessageAction>
                </div>
              </li>
            );
          })}
        </ul>
        <div className="border-t border-slate-200 p-3">
          <ConfirmDialog
            title="Clear all pinned messages?"
            description="The pins are removed from this browser. The messages stay in their conversations."
            confirmLabel="Clear all"
            destructive
            onConfirm={p.onClear}
            onCloseAutoFocus={returnFocusToComposer}
            trigger={
              <Button variant="outline" size="sm" className="w-full">
                Clear all
              </Button>
            }
          />
        </div>
      </aside>
    </>
  );
}
