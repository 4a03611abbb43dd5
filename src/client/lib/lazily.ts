/**
 * A value made on first use. The Intl formatters are: the first one a page makes loads its locale's data,
 * tens of milliseconds on a phone, which a page that shows no date should not pay while it starts.
 */
export function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
