import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../button';
import { EmptyLine, FailedLine, LoadingLine } from './list-status';

interface PageOf<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A list that scrolls at about 24rem and loads the next page as the admin nears its end,
 * or with 'Load more'. `children` makes each row's `<li>`.
 */
export function PagedList<T>({
  query,
  label,
  loading,
  empty,
  failure,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<PageOf<T>>, unknown>;
  label: string;
  loading: string;
  empty: ReactNode;
  failure: string;
  children: (item: T) => ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const root = scroller.current;
    const target = end.current;
    if (!root || !target || !hasNextPage || isFetchingNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      { root, rootMargin: '0px 0px 120px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <LoadingLine>{loading}</LoadingLine>;
  if (query.isError && !query.data) return <FailedLine error={query.error} fallback={failure} onRetry={() => void query.refetch()} />;

  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return typeof empty === 'string' ? <EmptyLine>{empty}</EmptyLine> : empty;

  return (
    <div>
      <div ref={scroller} className="max-h-96 overflow-y-auto rounded-xl border border-slate-200">
        <ul aria-label={label} aria-busy={query.isFetching || undefined} className="divide-y divide-slate-100">
          {items.map(children)}
        </ul>
        <div ref={end} aria-hidden="true" className="h-px" />
      </div>
      {hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="mt-3 w-full"
          loading={isFetchingNextPage}
          onClick={() => {
            if (!isFetchingNextPage) void fetchNextPage();
          }}
        >
          Load more
        </Button>
      )}
    </div>
  );
}
