import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Caller, JsonFields, RestRequest, RestRoute } from './shim';

/**
 * Every field of a procedure's input, each as the request sent it: the procedure's zod
 * schema validates the values, and the type checker holds the names to the schema's.
 */
export type Untrusted<I> = { [K in keyof NonNullable<I>]-?: unknown };

interface RowOptions<O> {
  /** Status on success; 200 unless the contract says 201. */
  status?: ContentfulStatusCode;
  /** The input reads the body itself (multipart uploads, signed webhooks). */
  rawBody?: boolean;
  /** Shapes the procedure's output into the contract's answer (a header, a stream, one field). */
  answer?: (output: O, r: RestRequest) => unknown;
}

type Procedure<I, O> = (input: I) => Promise<O>;

/**
 * A REST row: `path` called with `method` runs the procedure `select` picks, with the
 * input `toInput` builds from the path, query and body. Renaming a field of the
 * procedure's zod input breaks `toInput` at type-check time.
 */
export function row<I, O>(
  method: RestRoute['method'],
  path: string,
  select: (api: Caller) => Procedure<I, O>,
  toInput: (r: RestRequest) => Untrusted<I> | Promise<Untrusted<I>>,
  o: RowOptions<O> = {},
): RestRoute {
  return {
    method,
    path,
    status: o.status,
    rawBody: o.rawBody,
    async call(api, r) {
      // The one place the untrusted input meets the procedure's type: its zod input parses it next.
      const output = await select(api)((await toInput(r)) as I);
      return o.answer ? o.answer(output, r) : output;
    },
  };
}

/** A row whose procedure takes no input. */
export function bare<O>(method: RestRoute['method'], path: string, select: (api: Caller) => () => Promise<O>, o: RowOptions<O> = {}) {
  return row<void, O>(method, path, select, () => ({}) as Untrusted<void>, o);
}

/** The named fields of a JSON body. */
export function pick<K extends string>(body: JsonFields, ...keys: K[]): { [P in K]: unknown } {
  return Object.fromEntries(keys.map((k) => [k, body[k]])) as { [P in K]: unknown };
}
