import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { SiteHeader } from './site-header';
import { useSignedInUser } from '../lib/use-signed-in-user';
import { VerifyEmailBanner } from './verify-email-banner';
import { MAIN_CONTENT_ID } from './skip-link';

/** A signed-in page: the site header above a centred column. */
export function AppPage({
  title,
  description,
  wide,
  children,
}: {
  title: string;
  description?: string;
  /** Room for two columns, e.g. the plan beside the checkout. */
  wide?: boolean;
  children?: ReactNode;
}) {
  const user = useSignedInUser();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SiteHeader />
      <VerifyEmailBanner user={user} />
      <main id={MAIN_CONTENT_ID} className={cn('mx-auto w-full flex-1 px-4 pt-8 pb-24 sm:px-6 sm:pt-12', wide ? 'max-w-5xl' : 'max-w-4xl')}>
        <div className="mb-8">
          <h1>{title}</h1>
          {description && <p className="mt-2 text-slate-600">{description}</p>}
        </div>
        {children}
      </main>
    </div>
  );
}
