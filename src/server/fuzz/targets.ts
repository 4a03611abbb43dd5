import { appRouter } from '../routers';
import { restRoutes } from '../rest/routes';

export interface ProcedureTarget {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  /** Field names anywhere in the input schema, so generated objects reach the validators behind them. */
  fields: string[];
}

const isZod = (v: unknown): v is { _zod: { def: Record<string, unknown> } } => typeof v === 'object' && v !== null && '_zod' in v;

function fieldsOfSchema(schema: unknown, into: Set<string>, seen: Set<unknown>) {
  if (!isZod(schema) || seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def;
  const shape = def.shape;
  if (shape && typeof shape === 'object') for (const key of Object.keys(shape)) into.add(key);
  for (const value of Object.values(def)) {
    const nested = Array.isArray(value) ? value : shape === value ? Object.values(value as object) : [value];
    for (const item of nested) fieldsOfSchema(item, into, seen);
  }
}

type ProcedureDef = { _def: { type: ProcedureTarget['type']; inputs: unknown[] } };

/** Every tRPC procedure of the app router: a new one is fuzzed without touching the suite. */
export const procedures: ProcedureTarget[] = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>).map(
  ([path, p]) => {
    const fields = new Set<string>();
    for (const input of p._def.inputs) fieldsOfSchema(input, fields, new Set());
    return { path, type: p._def.type, fields: [...fields].sort() };
  },
);

/** Every field name any procedure reads: REST bodies are fuzzed with these. */
export const allFields: string[] = [...new Set(procedures.flatMap((p) => p.fields))].sort();

/** Every REST row, as mounted. */
export { restRoutes };
