import { Link } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';
import { buttonClasses } from './button';
import { MAIN_CONTENT_ID } from './skip-link';

export function NotFound() {
  return (
    <main id={MAIN_CONTENT_ID} className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <SearchX aria-hidden="true" className="mx-auto size-10 text-slate-400" />
        <h1 className="mt-4 text-2xl">404 Page Not Found</h1>
        <p className="mt-2 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
          Back to home
        </Link>
      </div>
    </main>
  );
}
