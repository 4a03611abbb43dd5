import { useEffect, type RefObject } from 'react';

/** The CSS variable the toast viewport keeps clear of at the bottom of the window (0 when unset). */
export const TOAST_CLEARANCE_VAR = '--toast-clearance';

/**
 * Keeps toasts above the element `ref` holds, which sits at the bottom of the window (the chat's composer),
 * for as long as the calling component is mounted: it follows the element's height as it grows and shrinks.
 */
export function useToastClearance(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () =>
      root.style.setProperty(TOAST_CLEARANCE_VAR, `${Math.ceil(window.innerHeight - element.getBoundingClientRect().top)}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty(TOAST_CLEARANCE_VAR);
    };
  }, [ref]);
}
