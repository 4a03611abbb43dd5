import { Column, is, SQL } from 'drizzle-orm';

/** A selected field as Drizzle orders them: where it goes in the result object, and what decodes it. */
export interface OrderedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

type Decoded = { decoder: Decoder };

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // Drizzle keeps an SQL's decoder on the SQL (`decoder`, set by `mapWith`); an aliased SQL or a
  // subquery's field carries that SQL as `.sql` or `._.sql`.
  const holder = field as Partial<Decoded> & { sql?: Decoded; _?: { sql?: Decoded } };
  if (is(field, SQL) && holder.decoder) return holder.decoder;
  const sql = holder.sql ?? holder._?.sql;
  if (sql?.decoder) return sql.decoder;
  throw new Error('row mapper: a selected field without a decoder');
}

/**
 * Turns array rows into the objects Drizzle would build for these fields, with the decoders and
 * object paths worked out once. Drizzle's own mapper redoes both for every column of every row;
 * on the session lookup, which every signed-in request makes, that was about a twentieth of the request.
 * Null only when a table of the select may be missing from a row (a left join): Drizzle's mapper
 * then turns that table's all-null columns into `null`, which this one leaves to it.
 */
export function compileRowMapper(
  fields: readonly OrderedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): ((rows: unknown[][]) => Record<string, unknown>[]) | null {
  if (joinsNotNullableMap && Object.values(joinsNotNullableMap).some((notNull) => !notNull)) return null;
  if (fields.some((f) => f.path.length < 1 || f.path.length > 2 || f.path.includes('__proto__'))) return null;
  const decoders = fields.map((f) => decoderOf(f.field));
  // The row becomes one object literal, written out once: every call site then sees one decoder and
  // every object one shape. A loop storing computed keys was megamorphic at each store and each decode.
  const value = (i: number) => `r[${i}] === null ? null : d[${i}].mapFromDriverValue(r[${i}])`;
  // Keyed by the result's top-level keys, in the order they first appear (Drizzle's order): a field's
  // source, or a group's list of `key: source` entries.
  const entries = new Map<string, string | string[]>();
  fields.forEach((f, i) => {
    const [outer, inner] = f.path as [string, string?];
    if (inner === undefined) return void entries.set(outer, value(i));
    const group = entries.get(outer);
    const entry = `${JSON.stringify(inner)}: ${value(i)}`;
    if (Array.isArray(group)) group.push(entry);
    else entries.set(outer, [entry]);
  });
  const literal = [...entries]
    .map(([key, source]) => `${JSON.stringify(key)}: ${Array.isArray(source) ? `{ ${source.join(', ')} }` : source}`)
    .join(', ');
  const mapRow = new Function('d', 'r', `return { ${literal} };`) as (d: Decoder[], r: unknown[]) => Record<string, unknown>;
  return (rows) => rows.map((row) => mapRow(decoders, row));
}
