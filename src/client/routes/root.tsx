import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet, type ErrorComponentProps } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '../components/button';
import { KeyboardShortcuts } from '../components/keyboard-shortcuts';
import { NotFound } from '../components/not-found';
import { SkipLink } from '../components/skip-link';
import { PageSpinner } from '../components/spinner';
import { titleHead } from '../lib/page-title';
import { endPageAnswers } from '../lib/page-answers';
import { ensureUser } from '../lib/session';
import { useCurrentToast } from '../lib/toast';

// Not needed to show a page, so its Radix code loads only when a toast appears.
const Toaster = lazy(() => import('../components/toaster').then((m) => ({ default: m.Toaster })));

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    await ensureUser(context.queryClient);
  },
  // Names the not-found page, which no route of its own renders; every page's route names itself.
  head: titleHead(null),
  component: RootLayout,
  pendingComponent: PageSpinner,
  notFoundComponent: NotFound,
  errorComponent: RootError,
});

function RootLayout() {
  // The root's effect runs after those of the page inside it, so the whole first page has read the answers.
  useEffect(endPageAnswers, []);
  return (
    <>
      <HeadContent />
      <SkipLink />
      <Outlet />
      <ToasterOnFirstToast />
      <KeyboardShortcuts />
    </>
  );
}

/** Mounted with the first toast and kept from then on. */
function ToasterOnFirstToast() {
  const current = useCurrentToast();
  const [needed, setNeeded] = useState(false);
  if (current && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

function RootError(_props: ErrorComponentProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div role="alert" className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-amber-500" />
        <h1 className="mt-4 text-2xl">Something went wrong</h1>
        <p className="mt-2 text-sm text-slate-600">We could not reach Copydesk. Check your connection and try again.</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
      <ToasterOnFirstToast />
    </main>
  );
}
