import type { Context, MiddlewareHandler, Next } from 'hono';
import type { TurnQueue } from './turn-queue';

type Refusal = (c: Context) => Response | undefined;

export interface RequestPipeline {
  /** Whose turn it is to start (turn-queue.ts). */
  turns: TurnQueue;
  /** Answers that refuse a request before its route runs, in order: the first one given wins. */
  refusals: readonly Refusal[];
  /** Runs the route, or answers in its place (a body over its limit). */
  route: (c: Context, next: Next) => Promise<Response | void>;
  /** What is done with every answer, refusals included, in order, given when the request arrived. */
  after: ReadonlyArray<(c: Context, arrivedAt: number) => void>;
}

/**
 * Everything a request passes through around its route, as one middleware: each layer of Hono's
 * chain is an async call of its own, and seven of them cost every request more than its session
 * lookup (docs/decisions/057-one-request-pipeline.md).
 */
export function requestPipeline(p: RequestPipeline): MiddlewareHandler {
  return async (c, next) => {
    const arrivedAt = performance.now();
    const turn = p.turns.admit();
    if (turn) await turn;
    let refused: Response | undefined;
    for (let i = 0; refused === undefined && i < p.refusals.length; i++) refused = p.refusals[i]!(c);
    if (refused) c.res = refused;
    else {
      // Hono's `next` resolves to the context, not an answer.
      const answer: unknown = await p.route(c, next);
      if (answer instanceof Response) c.res = answer;
    }
    for (const step of p.after) step(c, arrivedAt);
  };
}
