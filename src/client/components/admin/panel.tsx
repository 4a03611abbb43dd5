import type { ReactNode } from 'react';
import { Card } from '../card';
import { Spinner } from '../spinner';

/** One of the console's panels: a titled header with its count and main action, then its content. */
export function Panel({
  title,
  titleId,
  count,
  icon,
  action,
  busy,
  children,
}: {
  title: string;
  titleId: string;
  /** Rows matching the current search, once known. */
  count?: number;
  icon: ReactNode;
  action?: ReactNode;
  /** Shows a small spinner by the title while the list reloads behind what is shown. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-5 sm:p-6">
      <section aria-labelledby={titleId}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <span className="rounded-lg bg-slate-100 p-2 text-slate-700">{icon}</span>
            <h2 id={titleId}>
              {title}
              {count !== undefined && <span className="font-normal text-slate-500"> ({count})</span>}
            </h2>
            {busy && <Spinner className="size-4 text-slate-400" />}
          </div>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}
