import { Link } from '@tanstack/react-router';
import { PenLine } from 'lucide-react';
import { cn } from '../lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex size-8 items-center justify-center rounded-lg bg-slate-900 text-white', className)}>
      <PenLine aria-hidden="true" className="size-4.5" />
    </span>
  );
}

/** Logo and product name, linking home. */
export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('inline-flex items-center gap-2 rounded-lg font-serif text-xl font-semibold tracking-tight', className)}>
      <LogoMark />
      <span>Copydesk</span>
    </Link>
  );
}
