/**
 * Prepares a query builder once, with placeholders: the SQL is built at start-up, not per call.
 * PostgreSQL's builders take a statement name and prepare it once on each connection; SQLite's
 * `prepare()` takes none and ignores it (its statements are cached by text in sqlite/connect.ts).
 */
export function prepared<P>(query: { prepare(): P }, name: string): P {
  const prepare: (name: string) => P = query.prepare;
  return prepare.call(query, name);
}
