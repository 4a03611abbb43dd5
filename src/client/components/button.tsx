import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { Spinner } from './spinner';

const VARIANTS = {
  primary: 'bg-slate-900 text-white shadow-sm hover:bg-slate-800',
  brand: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  outline: 'border border-slate-300 bg-white text-slate-900 shadow-sm hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  link: 'text-brand-700 underline-offset-4 hover:underline px-0 h-auto',
} as const;

const SIZES = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
  asChild?: boolean;
};

export function buttonClasses(variant: keyof typeof VARIANTS = 'primary', size: keyof typeof SIZES = 'md', className?: string) {
  return cn(
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    variant === 'link' ? '' : SIZES[size],
    className,
  );
}

export function Button({ variant, size, loading, asChild, className, disabled, children, type, ...props }: ButtonProps) {
  const classes = buttonClasses(variant, size, className);
  if (asChild) {
    return (
      <Slot className={classes} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button type={type ?? 'button'} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...props}>
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}
