import * as Popover from '@radix-ui/react-popover';
import { Link } from '@tanstack/react-router';
import { LogOut, Menu } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button, buttonClasses } from './button';

export interface NavItem {
  to: '/chat' | '/team' | '/stylebook' | '/settings' | '/admin';
  label: string;
  icon: ReactNode;
}

/** The signed-in navigation on a phone: a menu button opening the links and Log out. */
export function SiteMenu(o: { items: NavItem[]; username: string; loggingOut: boolean; onLogout: () => void }) {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
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
          aria-label="Menu"
          className="z-50 w-60 rounded-xl border border-slate-200 bg-white p-2 shadow-lg animate-fade-in"
        >
          <nav aria-label="Main" className="flex flex-col">
            <p className="truncate px-3 pt-1 pb-2 text-xs text-slate-500">Signed in as {o.username}</p>
            {o.items.map((item) => (
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
              loading={o.loggingOut}
              onClick={o.onLogout}
            >
              {!o.loggingOut && <LogOut aria-hidden="true" className="size-4" />}
              Log out
            </Button>
          </nav>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
