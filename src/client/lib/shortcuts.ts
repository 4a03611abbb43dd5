import { useSyncExternalStore } from 'react';

let open = false;
let returnTo: HTMLElement | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Opens the keyboard shortcuts dialog; when it closes the focus goes back to `from`, by default where it was. */
export function openShortcuts(from?: HTMLElement | null): void {
  if (open) return;
  returnTo = from ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  open = true;
  emit();
}

export function closeShortcuts(): void {
  open = false;
  emit();
}

/** Where the focus was when the dialog opened (or the control that opened it). */
export const shortcutsOpenedFrom = (): HTMLElement | null => returnTo;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useShortcutsOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}

const NOT_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

/** Whether keys pressed on this element type text, where '?' is a character rather than a shortcut. */
export function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !NOT_TEXT_INPUTS.has(target.type);
}
