import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { inputReader, pathParams, readsWholeBody, renamed, type Source, type Sources } from './inputs';
import type { Caller, RestRequest, RestRoute } from './shim';

interface RowOptions<O> {
  /** Status on success; 200 unless the contract says 201. */
  status?: ContentfulStatusCode;
  /** Shapes the procedure's output into the contract's answer (a header, a stream, one field). */
  answer?: (output: O, r: RestRequest) => unknown;
  /** Media types of the answer `answer` makes, when it is not JSON alone. */
  media?: readonly string[];
  /** Headers `answer` may set, each with what it holds. */
  headers?: Readonly<Record<string, string>>;
}

type Procedure<I, O> = (input: I) => Promise<O>;

/** The procedure `select` picks, by name: `select` is run once on a caller that only records the path it walks. */
function procedureName(select: (api: Caller) => unknown): string {
  const path: string[] = [];
  const recorder: object = new Proxy(() => {}, {
    get: (_, key) => {
      path.push(String(key));
      return recorder;
    },
  });
  select(recorder as Caller);
  return path.join('.');
}

/**
 * A REST row: `path` called with `method` runs the procedure `select` picks, with each field of
 * its input read where `inputs` says. Every field of the procedure's zod input needs a source,
 * and every `:param` of the path must be the source of one.
 */
export function row<I, O>(
  method: RestRoute['method'],
  path: string,
  select: (api: Caller) => Procedure<I, O>,
  inputs: NoInfer<Sources<I>>,
  o: RowOptions<O> = {},
): RestRoute {
  const sources = inputs as Readonly<Record<string, Source>>;
  const read = inputReader(sources);
  const fromPath = Object.entries(sources)
    .filter(([, source]) => (renamed(source)?.in ?? source) === 'path')
    .map(([field, source]) => renamed(source)?.name ?? field);
  if (fromPath.sort().join() !== pathParams(path).sort().join())
    throw new Error(`${method} ${path}: the path's parameters and the inputs read from the path differ`);
  return {
    method,
    path,
    status: o.status,
    rawBody: readsWholeBody(sources),
    procedure: procedureName(select),
    inputs: sources,
    reply: { media: o.media ?? ['application/json'], headers: o.headers ?? {} },
    async call(invoke, r) {
      // The one place the untrusted input meets the procedure's type: its zod input parses it next,
      // and the procedure `select` picked answers its own output type.
      const output = (await invoke(await read(r))) as O;
      return o.answer ? o.answer(output, r) : output;
    },
  };
}

/** A row whose procedure takes no input. */
export function bare<O>(method: RestRoute['method'], path: string, select: (api: Caller) => () => Promise<O>, o: RowOptions<O> = {}) {
  return row<void, O>(method, path, select, {}, o);
}
