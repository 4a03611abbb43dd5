import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { serverMessage } from '../lib/errors';
import { InlineSpinner } from './spinner';

/** A query's spinner while it loads, its error in its place, else what `children` makes of its data. */
export function QueryContent<T>({
  query,
  loading,
  failure,
  children,
}: {
  query: UseQueryResult<T, unknown>;
  loading: string;
  failure: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <InlineSpinner label={loading} />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {serverMessage(query.error, failure)}
      </p>
    );
  return children(query.data);
}
