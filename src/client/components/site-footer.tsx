import { Link } from '@tanstack/react-router';
import { buttonClasses } from './button';
import { LogoMark } from './logo';

export function SiteFooter() {
  const linkClass = 'rounded text-sm text-slate-600 hover:text-slate-900';
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-3">
          <LogoMark />
          <div>
            <p className="font-serif text-lg font-semibold">Copydesk</p>
            <p className="text-sm text-slate-500">The AI editor for journalists and newsrooms.</p>
          </div>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap items-center gap-x-6 gap-y-3">
          <Link to="/" hash="features" className={linkClass}>
            Features
          </Link>
          <Link to="/" hash="pricing" className={linkClass}>
            Pricing
          </Link>
          <Link to="/" hash="about" className={linkClass}>
            About
          </Link>
          <Link to="/contact" className={buttonClasses('outline', 'sm')}>
            Contact
          </Link>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-500 sm:px-6">
          © {new Date().getFullYear()} Copydesk. Self-hosted, your copy stays yours.
        </p>
      </div>
    </footer>
  );
}
