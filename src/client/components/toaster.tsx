import * as ToastPrimitive from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { LIMITS } from '~/shared/limits';
import { cn } from '../lib/cn';
import { dismissToast, useCurrentToast, type ToastVariant } from '../lib/toast';

const STYLES: Record<ToastVariant, { box: string; icon: typeof Info; iconClass: string }> = {
  default: { box: 'border-slate-200 bg-white text-slate-900', icon: Info, iconClass: 'text-brand-600' },
  success: { box: 'border-emerald-200 bg-white text-slate-900', icon: CircleCheck, iconClass: 'text-emerald-600' },
  destructive: { box: 'border-red-200 bg-red-50 text-red-900', icon: CircleAlert, iconClass: 'text-red-600' },
};

/** Shows the one current toast for 5 seconds; a newer toast replaces it. */
export function Toaster() {
  const current = useCurrentToast();
  const style = STYLES[current?.variant ?? 'default'];
  const Icon = style.icon;
  return (
    <ToastPrimitive.Provider duration={LIMITS.toastDurationMs} swipeDirection="right">
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          type={current.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismissToast(current.id)}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg animate-toast-in',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:animate-fade-in',
            style.box,
          )}
        >
          <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', style.iconClass)} />
          <div className="min-w-0 flex-1 space-y-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{current.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute top-3 right-3 cursor-pointer rounded-md p-1 opacity-60 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      {/* Never over the chat's composer, its Send button or the popover it opens: on a phone at the top of the
          window, wider above whatever a page keeps at its bottom. Only a toast catches clicks, not the viewport. */}
      <ToastPrimitive.Viewport className="pointer-events-none fixed top-0 right-0 z-[100] flex w-full max-w-[420px] flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-(--toast-clearance,0px)" />
    </ToastPrimitive.Provider>
  );
}
