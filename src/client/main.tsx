import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { cn } from './lib/cn';
import { isAuthError } from './lib/errors';
import { seedAnswersFromPage } from './lib/page-answers';
import { seedUserFromPage } from './lib/session';
import { queryClient } from './lib/trpc';
import { PENDING_MS, router } from './router';
import './styles.css';

// An authentication error nobody handled means the session ended; the guards deal with that, so it is not an error to report.
window.addEventListener('unhandledrejection', (event) => {
  if (isAuthError(event.reason)) event.preventDefault();
});

seedUserFromPage(queryClient);
seedAnswersFromPage(queryClient);
// tailwind-merge builds its class map on the first merge, about 30 ms on a phone. Done in a task of its
// own while the page's code is still arriving, the first render, which paints the page, does not wait for it.
setTimeout(() => cn('p-0', 'p-1'));

const root = createRoot(document.getElementById('root')!);
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);
// Rendered in a transition, the first page is drawn in tasks of a few milliseconds instead of one long
// one (docs/decisions/031). The router settles first: its store changing mid-render would make React
// start again synchronously. A start slower than the pending delay renders at once, outside a transition,
// with its spinner: the router, settling later, then updates a tree that has mounted, never one half-drawn.
const loaded = router.load().then(
  () => true,
  (error: unknown) => {
    console.error(error);
    return true;
  },
);
const timedOut = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), PENDING_MS));
void Promise.race([loaded, timedOut]).then((inTime) => (inTime ? startTransition(() => root.render(app)) : root.render(app)));
