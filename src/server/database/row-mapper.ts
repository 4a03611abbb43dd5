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
  if (fields.some((f) => f.path.length < 1 || f.path.length > 2)) return null;
  const count = fields.length;
  const decoders = fields.map((f) => decoderOf(f.field));
  const outer = fields.map((f) => f.path[0]!);
  const inner = fields.map((f) => (f.path.length === 2 ? f.path[1]! : null));
  // A group's object is made at its first field, so keys come in Drizzle's order.
  const opens = fields.map((f, i) => f.path.length === 2 && fields.findIndex((g) => g.path.length === 2 && g.path[0] === f.path[0]) === i);

  const mapRow = (row: unknown[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      const raw = row[i];
      const value = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
      const key = inner[i];
      if (key == null) result[outer[i]!] = value;
      else {
        if (opens[i]) result[outer[i]!] = {};
        (result[outer[i]!] as Record<string, unknown>)[key] = value;
      }
    }
    return result;
  };
  return (rows) => rows.map(mapRow);
}
