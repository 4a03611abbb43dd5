import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { cn } from './lib/cn';
import { isAuthError } from './lib/errors';
import { endPageAnswer, seedUserFromPage } from './lib/session';
import { queryClient } from './lib/trpc';
import { router } from './router';
import './styles.css';

// An authentication error nobody handled means the session ended; the guards deal with that, so it is not an error to report.
window.addEventListener('unhandledrejection', (event) => {
  if (isAuthError(event.reason)) event.preventDefault();
});

seedUserFromPage(queryClient);
// tailwind-merge builds its class map on the first merge, about 30 ms on a phone. Done in a task of its
// own while the page's code is still arriving, the first render, which paints the page, does not wait for it.
setTimeout(() => cn('p-0', 'p-1'));
const stopWatching = router.subscribe('onResolved', () => {
  endPageAnswer();
  stopWatching();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
