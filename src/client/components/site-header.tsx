import * as Popover from '@radix-ui/react-popover';
import { Link } from '@tanstack/react-router';
import { LogOut, Menu, MessageSquare, Settings, ShieldCheck, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useCurrentUser, useLogout } from '../lib/auth';
import { cn } from '../lib/cn';
import { Button, buttonClasses } from './button';
import { Logo } from './logo';

type NavTarget = '/chat' | '/team' | '/settings' | '/admin';

interface NavItem {
  to: NavTarget;
  label: string;
  icon: ReactNode;
}

/** `full` is the landing and app navigation; `minimal` (contact page) shows only chat and log out. */
export function SiteHeader({ nav = 'full' }: { nav?: 'full' | 'minimal' }) {
  const user = useCurrentUser();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);

  const items: NavItem[] = [{ to: '/chat', label: 'Go to Chat', icon: <MessageSquare aria-hidden="true" className="size-4" /> }];
  if (nav === 'full') {
    items.push(
      { to: '/team', label: 'Team', icon: <Users aria-hidden="true" className="size-4" /> },
      { to: '/settings', label: 'Settings', icon: <Settings aria-hidden="true" className="size-4" /> },
    );
    if (user?.isAdmin) items.push({ to: '/admin', label: 'Admin', icon: <ShieldCheck aria-hidden="true" className="size-4" /> });
  }

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        {user ? (
          <>
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
            <Popover.Root open={menuOpen} onOpenChange={setMenuOpen}>
              <Popover.Trigger asChild>
                <Button variant="outline" size="icon" className="md:hidden" aria-label="Open menu">
                  <Menu aria-hidden="true" className="size-5" />
                </Button>
              </Popover.Trigger>
              <Popover.Portal>
                <Popover.Content
                  align="end"
                  sideOffset={8}
                  className="z-50 w-60 rounded-xl border border-slate-200 bg-white p-2 shadow-lg animate-fade-in"
                >
                  <nav aria-label="Main" className="flex flex-col">
                    <p className="truncate px-3 pt-1 pb-2 text-xs text-slate-500">Signed in as {user.username}</p>
                    {items.map((item) => (
                      <Link
                        key={item.to}
                        to={item.to}
                        onClick={() => setMenuOpen(false)}
                        className={cn(buttonClasses('ghost', 'md'), 'justify-start')}
                      >
                        {item.icon}
                        {item.label}
                      </Link>
                    ))}
                    <div className="my-1 border-t border-slate-100" />
                    <Button
                      variant="ghost"
                      className="justify-start text-red-700 hover:bg-red-50 hover:text-red-800"
                      loading={logout.isPending}
                      onClick={() => logout.mutate()}
                    >
                      {!logout.isPending && <LogOut aria-hidden="true" className="size-4" />}
                      Log out
                    </Button>
                  </nav>
                </Popover.Content>
              </Popover.Portal>
            </Popover.Root>
          </>
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
