import type { ReactNode } from 'react';
import { SiteHeader } from './site-header';

/** A signed-in page: the site header above a centred column. */
export function AppPage({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader />
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 pt-8 pb-24 sm:px-6 sm:pt-12">
        <div className="mb-8">
          <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
          {description && <p className="mt-2 text-slate-600">{description}</p>}
        </div>
        {children}
      </main>
    </div>
  );
}
