import { lazy, Suspense, useEffect, useState } from 'react';
import { closeShortcuts, openShortcuts, typesText, useShortcutsOpen } from '../lib/shortcuts';

// The dialog and its Radix code load the first time it is asked for, so no page's first load carries them.
const KeyboardShortcutsDialog = lazy(() => import('./keyboard-shortcuts-dialog'));

/** '?' pressed anywhere outside a text field opens the list of keyboard shortcuts. */
export function KeyboardShortcuts() {
  const open = useShortcutsOpen();
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.ctrlKey || e.metaKey || e.altKey || e.isComposing || e.defaultPrevented) return;
      if (typesText(e.target)) return;
      e.preventDefault();
      openShortcuts();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <KeyboardShortcutsDialog open={open} onClose={closeShortcuts} />
    </Suspense>
  );
}
