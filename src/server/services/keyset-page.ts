/** A page from rows fetched with `limit + 1`: the extra row only says that another page follows. */
export function keysetPage<R, T>(rows: R[], limit: number, toItem: (row: R) => T, cursorOf: (row: R) => string) {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  return { items: kept.map(toItem), nextCursor: more ? cursorOf(kept.at(-1)!) : null };
}
