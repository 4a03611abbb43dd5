import type { AnyRouteMatch } from '@tanstack/react-router';

export const HOME_TITLE = 'Copydesk · The AI editor for journalists and newsrooms';
export const NOT_FOUND_TITLE = 'Page not found · Copydesk';

/**
 * A route's `head` option: the tab says which page it is, '<page> · Copydesk' (null: the home page's title).
 * The deepest route's title wins, so each one also checks whether the path ended in a not-found page.
 */
export function titleHead(page: string | null) {
  const title = page === null ? HOME_TITLE : `${page} · Copydesk`;
  return ({ matches }: { matches: AnyRouteMatch[] }) => ({
    meta: [{ title: matches.some((m) => m._notFound || m.status === 'notFound') ? NOT_FOUND_TITLE : title }],
  });
}
