import type { DB } from './dialect';
import { compileRowMapper, type OrderedField } from './row-mapper';

/** The SQL a prepared select was built to, with its parameters: values, or Drizzle's placeholders. */
export interface BuiltQuery {
  sql: string;
  params: unknown[];
}

/**
 * An engine's own way to run a prepared select: given the SQL built once and the compiled row
 * mapper, a function from placeholder values to mapped rows, or null to leave the select to Drizzle.
 * The engine hangs it on the client function it gave Drizzle, under this key.
 */
export const RUN_PREPARED_SELECT = Symbol('copydesk.runPreparedSelect');
export type PreparedSelectRunner = (
  query: BuiltQuery,
  mapRows: (rows: unknown[][]) => unknown,
) => ((values?: Record<string, unknown>) => Promise<unknown>) | null;

/** What both engines' prepared selects hold, as Drizzle sets them (not in its declarations). */
interface PreparedInternals {
  fields?: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
  executeMethod?: string;
  query?: BuiltQuery;
  client?: { [RUN_PREPARED_SELECT]?: PreparedSelectRunner };
}

/**
 * Prepares a query builder once, with placeholders: the SQL is built at start-up, not per call.
 * PostgreSQL's builders take a statement name and prepare it once on each connection; SQLite's
 * `prepare()` takes none and ignores it (its statements are cached by text in sqlite/database.ts).
 * A select's rows are mapped by a mapper compiled here (row-mapper.ts), which both engines'
 * `execute()` call in place of Drizzle's per-column one; only `execute()` is offered, as SQLite's
 * `get()` would hand that mapper a single row. SQLite runs such a select on its own statement
 * (`RUN_PREPARED_SELECT`), past the proxy driver's layers of promises.
 */
export function prepared<P extends { execute: unknown }>(query: { prepare(): P }, name: string): Pick<P, 'execute'> {
  const prepare: (name: string) => P = query.prepare;
  const statement = prepare.call(query, name);
  const internals = statement as P & PreparedInternals;
  if (internals.fields && !internals.customResultMapper) {
    const mapper = compileRowMapper(internals.fields, internals.joinsNotNullableMap);
    if (mapper) internals.customResultMapper = mapper;
  }
  const runSelect = internals.client?.[RUN_PREPARED_SELECT];
  if (runSelect && internals.executeMethod === 'all' && internals.query && internals.customResultMapper) {
    const execute = runSelect(internals.query, internals.customResultMapper);
    if (execute) return { execute } as Pick<P, 'execute'>;
  }
  return statement;
}

/**
 * `prepared`, for queries that also run inside transactions: `build` is prepared once per executor
 * (`DB.executor`). SQLite runs its transactions on the one connection, so its statement is built
 * once; a PostgreSQL transaction builds its own on first use within it.
 */
export function preparedPer<P extends { execute: unknown }>(
  build: (q: DB) => { prepare(): P },
  name: string,
): (q: DB) => Pick<P, 'execute'> {
  const byExecutor = new WeakMap<object, Pick<P, 'execute'>>();
  return (q) => {
    const executor = q.executor;
    let statement = byExecutor.get(executor);
    if (!statement) byExecutor.set(executor, (statement = prepared(build(q), name)));
    return statement;
  };
}
