import { LoaderCircle } from 'lucide-react';
import { cn } from '../lib/cn';

export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin', className)} />;
}

/** Fills the screen while a page's data loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[60vh] flex-1 items-center justify-center">
      <Spinner className="size-8 text-brand-600" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A spinner and what is loading, in the place the content will take. */
export function InlineSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-slate-500">
      <Spinner className="size-4 text-brand-600" />
      {label}
    </div>
  );
}
