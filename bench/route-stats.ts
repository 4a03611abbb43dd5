/** Per-route request statistics of the load benches (`load`, `scale`) and the report lines they print. */

/** One route's requests: the latencies of the good answers, and what went wrong with the others. */
export class RouteStats {
  readonly ms: number[] = [];
  /** From the request to the first body bytes of a good answer (the first event of a streamed reply). */
  readonly firstMs: number[] = [];
  count = 0;
  errors = 0;
  s5xx = 0;
  s429 = 0;
  /** Requests cut off at the end of a phase: not counted. */
  cutOff = 0;
  readonly problems = new Map<string, number>();

  note(problem: string) {
    this.problems.set(problem, (this.problems.get(problem) ?? 0) + 1);
  }

  /** Adds another route's requests and latencies (not its first-byte times or problems), for a row over several routes. */
  add(other: RouteStats) {
    this.ms.push(...other.ms);
    this.count += other.count;
    this.errors += other.errors;
    this.s5xx += other.s5xx;
    this.s429 += other.s429;
  }
}

function quantileOfSorted(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** The `q` quantile of `values`, interpolated between the two nearest; NaN when there are none. */
export function quantile(values: number[], q: number): number {
  return quantileOfSorted(
    [...values].sort((a, b) => a - b),
    q,
  );
}

export const fmtMs = (v: number) => (Number.isFinite(v) ? (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`) : '–');

/** The heads of `statsRow`'s figures (the label column's head is the caller's); `max` adds the slowest answer. */
export function statsColumns(o: { max?: boolean } = {}): string {
  return [
    'count'.padStart(7),
    'req/s'.padStart(7),
    'p50'.padStart(9),
    'p99'.padStart(9),
    ...(o.max ? ['max'.padStart(9)] : []),
    'errors'.padStart(7),
    '5xx'.padStart(5),
    '429'.padStart(5),
  ].join(' ');
}

/** A route's row over `seconds`: count, req/s, p50/p99 (and with `max` the slowest) of the good answers, errors, 5xx, 429. */
export function statsRow(label: string, s: RouteStats, seconds: number, o: { width?: number; max?: boolean } = {}): string {
  const sorted = [...s.ms].sort((a, b) => a - b);
  return [
    label.padEnd(o.width ?? 38),
    String(s.count).padStart(7),
    (s.count / seconds).toFixed(1).padStart(7),
    fmtMs(quantileOfSorted(sorted, 0.5)).padStart(9),
    fmtMs(quantileOfSorted(sorted, 0.99)).padStart(9),
    ...(o.max ? [fmtMs(sorted.at(-1) ?? NaN).padStart(9)] : []),
    String(s.errors).padStart(7),
    String(s.s5xx).padStart(5),
    String(s.s429).padStart(5),
  ].join(' ');
}

/** A row under a streamed route's: p50/p99 of the time to the first event of its good replies, under its p50/p99. */
export function firstEventRow(label: string, firstMs: number[]): string {
  return `${label.padEnd(38)} ${''.padStart(7)} ${''.padStart(7)} ${fmtMs(quantile(firstMs, 0.5)).padStart(9)} ${fmtMs(quantile(firstMs, 0.99)).padStart(9)}`;
}

/** Prints the five commonest problems of each route, if any route had one. */
export function printProblems(routes: Iterable<readonly [string, RouteStats]>) {
  const problems: string[] = [];
  for (const [route, s] of routes) {
    for (const [what, n] of [...s.problems].sort((a, b) => b[1] - a[1]).slice(0, 5)) problems.push(`  ${route}: ${n} × ${what}`);
  }
  if (problems.length) console.log(`what went wrong:\n${problems.join('\n')}`);
}
