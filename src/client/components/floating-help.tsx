import * as Popover from '@radix-ui/react-popover';
import { Link } from '@tanstack/react-router';
import { ArrowUp, CircleHelp, Keyboard, LifeBuoy, Settings } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { cn } from '../lib/cn';
import { openShortcuts } from '../lib/shortcuts';
import { buttonClasses } from './button';

/**
 * The help menu of a signed-in page, placed in the page's header beside its other controls: a button that floated
 * over the page covered the pinned panel's header and, on a phone, the plan and settings it scrolled over.
 */
export function HelpMenu() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const itemClass = cn(buttonClasses('ghost', 'md'), 'w-full justify-start');
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger ref={trigger} aria-label="Help" title="Help" className={buttonClasses('ghost', 'icon', 'size-9 text-slate-600')}>
        <CircleHelp aria-hidden="true" className="size-5" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-labelledby={titleId}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl animate-fade-in"
        >
          <p id={titleId} className="px-3 pt-1 pb-2 text-sm font-semibold">
            Need a hand?
          </p>
          <Link to="/contact" className={itemClass} onClick={() => setOpen(false)}>
            <LifeBuoy aria-hidden="true" className="size-4" />
            Contact support
          </Link>
          <Link to="/settings" className={itemClass} onClick={() => setOpen(false)}>
            <Settings aria-hidden="true" className="size-4" />
            Account settings
          </Link>
          <button
            type="button"
            className={itemClass}
            onClick={() => {
              setOpen(false);
              openShortcuts(trigger.current);
            }}
          >
            <Keyboard aria-hidden="true" className="size-4" />
            Keyboard shortcuts
          </button>
          <button
            type="button"
            className={itemClass}
            onClick={() => {
              setOpen(false);
              window.scrollTo({ top: 0 });
            }}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
            Back to top
          </button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
