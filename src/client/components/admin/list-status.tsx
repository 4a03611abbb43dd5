import type { ReactNode } from 'react';
import { serverMessage } from '../../lib/errors';
import { Button } from '../button';
import { Spinner } from '../spinner';

/** A list's loading line, e.g. 'Loading users...'. */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-slate-500">
      <Spinner className="size-4 text-brand-600" />
      {children}
    </div>
  );
}

/** What a list shows when it holds nothing. */
export function EmptyLine({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">
      {icon}
      {children}
    </div>
  );
}

/** The server's message for a query that failed, with a retry. */
export function FailedLine({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl bg-red-50 px-4 py-6 text-center text-sm text-red-800">
      {serverMessage(error, fallback)}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
