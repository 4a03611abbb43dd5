/** The weighted mix of routes a load bench's clients draw from: read from `--mix`, drawn from, described. */
import type { Rng } from './support';

/** `--mix signin=5,list=30,...` over `defaults` (a route not named keeps its weight); `fail` stops the bench with the message. */
export function parseMix<R extends string>(
  spec: string | undefined,
  routes: readonly R[],
  defaults: Record<R, number>,
  fail: (message: string) => never,
): Record<R, number> {
  const mix = { ...defaults };
  if (!spec) return mix;
  for (const part of spec.split(',')) {
    const [k, v] = part.split('=');
    if (!routes.includes(k as R) || !Number.isFinite(Number(v)) || Number(v) < 0)
      fail(`--mix: "${part}" is not route=weight (routes: ${routes.join(', ')})`);
    mix[k as R] = Number(v);
  }
  if (routes.every((k) => mix[k] === 0)) fail('--mix: every weight is 0');
  return mix;
}

/** A route drawn by weight; `total` is the weights' sum, `fallback` what rounding at the very end leaves. */
export function pickRoute<R extends string>(r: Rng, routes: readonly R[], mix: Record<R, number>, total: number, fallback: R): R {
  let x = r.next() * total;
  for (const route of routes) {
    x -= mix[route];
    if (x < 0) return route;
  }
  return fallback;
}

/** `signin 5%, list 30%, ...` */
export function describeMix<R extends string>(routes: readonly R[], mix: Record<R, number>): string {
  const total = routes.reduce((s, k) => s + mix[k], 0);
  return routes.map((k) => `${k} ${((100 * mix[k]) / total).toFixed(0)}%`).join(', ');
}
