import { multipartFile } from '../http/multipart';
import { incomingOf } from '../http/unread-body';
import type { RestRequest } from './shim';

/** The parts of a request that carry named values, as OpenAPI names them. */
export type Place = 'path' | 'query' | 'header' | 'body';

/** A value sent under another name than the input field's; `alias`, an older name, is read when `name` is absent. */
export interface Renamed {
  readonly in: Place;
  readonly name: string;
  readonly alias?: string;
}

/**
 * Where a row finds one field of its procedure's input: a place, under the field's own name, or
 * renamed; `file` is the upload in the multipart body's `file` part, and `raw` the JSON body's
 * exact text (a signed webhook verifies those bytes).
 */
export type Source = Place | Renamed | 'file' | 'raw';

/** A source for every field of the input `I`, so renaming a field of its zod schema breaks the row at type-check time. */
export type Sources<I> = { readonly [K in keyof Fields<I>]-?: Source };
/** The input's object: a procedure whose input may be left out takes `void`, `null` or `undefined` too. */
type Fields<I> = Exclude<I, void | null | undefined>;

/** Fields of the JSON body under their own names. */
export function body<K extends string>(...fields: K[]): { readonly [P in K]: 'body' } {
  return Object.fromEntries(fields.map((field) => [field, 'body'])) as { [P in K]: 'body' };
}

export const renamed = (source: Source): Renamed | undefined => (typeof source === 'object' ? source : undefined);

/** Whether the row reads the body itself rather than as JSON fields. */
export const readsWholeBody = (sources: Readonly<Record<string, Source>>) =>
  Object.values(sources).some((s) => s === 'file' || s === 'raw');

/** The path parameters a row's path names: `:id` in `/api/team/members/:id`. */
export const pathParams = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

type Reader = (r: RestRequest) => unknown;

function valueAt(r: RestRequest, place: Place, name: string): unknown {
  switch (place) {
    case 'path':
      return r.params[name];
    case 'query':
      return r.query[name];
    case 'header':
      return r.hono.req.header(name);
    case 'body':
      return r.body[name];
  }
}

function reader(field: string, source: Source): Reader {
  if (source === 'file') return (r) => multipartFile(r.hono.req.raw, incomingOf(r.hono.env));
  if (source === 'raw') return (r) => r.hono.req.text();
  const { in: place, name, alias }: Renamed = typeof source === 'object' ? source : { in: source, name: field };
  // An absent header reads as empty, which the schema refuses with its own message.
  const absent = place === 'header' ? '' : undefined;
  if (alias === undefined && absent === undefined) return (r) => valueAt(r, place, name);
  return (r) => {
    const value = valueAt(r, place, name);
    if (value !== undefined) return value;
    const other = alias === undefined ? undefined : valueAt(r, place, alias);
    return other === undefined ? absent : other;
  };
}

/** Builds the procedure's untrusted input from a request, each field read from its source; only the raw body is awaited. */
export function inputReader(sources: Readonly<Record<string, Source>>): (r: RestRequest) => Promise<Record<string, unknown>> {
  const readers = Object.entries(sources).map(([field, source]) => [field, reader(field, source)] as const);
  return async (r) => {
    const input: Record<string, unknown> = {};
    for (const [field, read] of readers) {
      const value = read(r);
      input[field] = value instanceof Promise ? await value : value;
    }
    return input;
  };
}
