import { Link } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useCurrentUser } from '../lib/auth';
import { buttonClasses } from './button';
import { Logo } from './logo';
import { MAIN_CONTENT_ID } from './skip-link';

// Signed-out visitors, who see these pages most, never load the help menu's popover code.
const HelpMenu = lazy(() => import('./floating-help').then((m) => ({ default: m.HelpMenu })));

/** The centred card layout of the password pages. */
export function AuthShell({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-slate-50 to-slate-100">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        {user && (
          <Suspense fallback={null}>
            <HelpMenu />
          </Suspense>
        )}
      </header>
      <main id={MAIN_CONTENT_ID} className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
      </main>
    </div>
  );
}

/** The card a password page shows once its link has done its work, with the one way on. */
export function AuthDone({
  title,
  children,
  next,
}: {
  title: string;
  children: ReactNode;
  next: { to: '/auth' | '/chat'; label: string };
}) {
  return (
    <AuthShell>
      <div className="text-center">
        <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
          <CircleCheck aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-2xl">{title}</h1>
        <p className="mt-3 text-sm text-slate-600">{children}</p>
        <Link to={next.to} className={buttonClasses('primary', 'lg', 'mt-6 w-full')}>
          {next.label}
        </Link>
      </div>
    </AuthShell>
  );
}
