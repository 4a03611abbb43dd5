/** The chat composer's element id: one composer per page, found from dialogs that know nothing of it. */
export const COMPOSER_ID = 'chat-composer';

/** Puts the cursor in the composer. While a reply streams it is disabled, and the composer takes the focus back itself when the reply ends. */
export function focusComposer(): void {
  document.getElementById(COMPOSER_ID)?.focus();
}

/**
 * `onCloseAutoFocus` of a dialog or popover on the chat page: the focus goes back to the composer rather than to
 * the button that opened it, unless something took the focus on purpose (a click into a field, a control the
 * dialog's action focused).
 */
export function returnFocusToComposer(event: Event): void {
  const active = document.activeElement;
  const container = event.currentTarget instanceof Node ? event.currentTarget : null;
  if (active && active !== document.body && active.isConnected && !container?.contains(active)) return;
  event.preventDefault();
  focusComposer();
}
