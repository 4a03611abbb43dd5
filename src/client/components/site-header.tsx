import { Link } from '@tanstack/react-router';
import { BookOpen, MessageSquare, Settings, ShieldCheck, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useCurrentUser, useLogout } from '../lib/auth';
import { Button, buttonClasses } from './button';
import { Logo } from './logo';
import type { NavItem } from './site-menu';

// Only a signed-in visitor gets the menus, so their popover code stays out of the public pages.
const SiteMenu = lazy(() => import('./site-menu').then((m) => ({ default: m.SiteMenu })));
const HelpMenu = lazy(() => import('./floating-help').then((m) => ({ default: m.HelpMenu })));

/** `full` is the landing and app navigation; `minimal` (contact page) shows only chat and log out. */
export function SiteHeader({ nav = 'full' }: { nav?: 'full' | 'minimal' }) {
  const user = useCurrentUser();
  const logout = useLogout();

  const items: NavItem[] = [{ to: '/chat', label: 'Go to Chat', icon: <MessageSquare aria-hidden="true" className="size-4" /> }];
  if (nav === 'full') {
    items.push(
      { to: '/team', label: 'Team', icon: <Users aria-hidden="true" className="size-4" /> },
      { to: '/stylebook', label: 'Stylebook', icon: <BookOpen aria-hidden="true" className="size-4" /> },
      { to: '/settings', label: 'Settings', icon: <Settings aria-hidden="true" className="size-4" /> },
    );
    if (user?.isAdmin) items.push({ to: '/admin', label: 'Admin', icon: <ShieldCheck aria-hidden="true" className="size-4" /> });
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        {user ? (
          <div className="flex items-center gap-2">
            <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
              {items.map((item) => (
                <Link
                  key={item.to}
                  to={item.to}
                  className={buttonClasses('ghost', 'sm')}
                  activeProps={{ className: 'bg-slate-100 text-slate-900', 'aria-current': 'page' }}
                >
                  {item.label}
                </Link>
              ))}
              <Button variant="outline" size="sm" className="ml-2" loading={logout.isPending} onClick={() => logout.mutate()}>
                Log out
              </Button>
            </nav>
            <Suspense fallback={<span className="size-9" />}>
              <HelpMenu />
            </Suspense>
            <Suspense fallback={null}>
              <SiteMenu items={items} username={user.username} loggingOut={logout.isPending} onLogout={() => logout.mutate()} />
            </Suspense>
          </div>
        ) : (
          <nav aria-label="Account" className="flex items-center gap-2">
            <Link to="/auth" className={buttonClasses('ghost', 'sm')}>
              Log in
            </Link>
            <Link to="/auth" className={buttonClasses('primary', 'sm')}>
              Sign up
            </Link>
          </nav>
        )}
      </div>
    </header>
  );
}
