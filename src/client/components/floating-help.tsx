import * as Popover from '@radix-ui/react-popover';
import { Link } from '@tanstack/react-router';
import { ArrowUp, CircleHelp, LifeBuoy, Settings } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../lib/cn';
import { buttonClasses } from './button';

/** The help button shown on every page while signed in; `top` keeps it clear of a composer at the bottom (chat). */
export function FloatingHelp({ placement = 'bottom' }: { placement?: 'bottom' | 'top' }) {
  const [open, setOpen] = useState(false);
  const itemClass = cn(buttonClasses('ghost', 'md'), 'w-full justify-start');
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label="Help"
        className={cn(
          'fixed right-4 z-30 inline-flex cursor-pointer items-center justify-center rounded-full bg-slate-900 text-white shadow-lg ring-1 ring-white/20 transition hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          placement === 'top' ? 'top-2.5 right-3 size-9 shadow-md' : 'bottom-4 size-11',
        )}
      >
        <CircleHelp aria-hidden="true" className="size-5" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side={placement === 'top' ? 'bottom' : 'top'}
          align="end"
          sideOffset={10}
          className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl animate-fade-in"
        >
          <p className="px-3 pt-1 pb-2 text-sm font-semibold">Need a hand?</p>
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
