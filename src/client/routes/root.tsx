import * as Tooltip from '@radix-ui/react-tooltip';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../components/button';
import { FloatingHelp } from '../components/floating-help';
import { NotFound } from '../components/not-found';
import { PageSpinner } from '../components/spinner';
import { Toaster } from '../components/toaster';
import { useCurrentUser } from '../lib/auth';
import { ensureUser } from '../lib/session';

const TOOLTIP_DELAY_MS = 700;
const TOOLTIP_SKIP_DELAY_MS = 300;

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    await ensureUser(context.queryClient);
  },
  component: RootLayout,
  pendingComponent: PageSpinner,
  notFoundComponent: NotFound,
  errorComponent: RootError,
});

function RootLayout() {
  const user = useCurrentUser();
  // Re-render on every navigation so the user read here follows a cache cleared at logout.
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <Outlet />
      {user && <FloatingHelp placement={pathname === '/chat' ? 'top' : 'bottom'} />}
      <Toaster />
    </Tooltip.Provider>
  );
}

function RootError(_props: ErrorComponentProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div role="alert" className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-amber-500" />
        <h1 className="mt-4 font-sans text-xl font-semibold">Something went wrong</h1>
        <p className="mt-2 text-sm text-slate-600">We could not reach Copydesk. Check your connection and try again.</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
      <Toaster />
    </main>
  );
}
