import { useRef } from 'react';

/**
 * Focus handlers for a dialog opened without a Radix Trigger (from a row's button): Radix
 * would return the focus to its trigger, and with none the focus falls to the page. These
 * remember what had the focus at opening and give it back on closing, while it still exists.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
