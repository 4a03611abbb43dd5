import type { AnyTRPCProcedure } from '@trpc/server';

export type CallOptions = Parameters<AnyTRPCProcedure>[0];

/**
 * What `createCaller` passes a procedure, with the keys tRPC's middleware chain adds to it (`meta`,
 * `input`, `next`) already present and unset. Each level of the chain copies these options with an
 * object spread; V8 copies a spread's shape, but a key the spread adds builds a new shape on every
 * call, which cost each level 3 to 6 µs (docs/decisions/062-call-options-hold-every-key.md).
 */
export function callOptions(
  ctx: CallOptions['ctx'],
  path: string,
  type: CallOptions['type'],
  input: unknown,
): CallOptions & { meta: undefined; input: undefined; next: undefined } {
  return {
    ctx,
    path,
    type,
    getRawInput: () => Promise.resolve(input),
    signal: undefined,
    batchIndex: 0,
    meta: undefined,
    input: undefined,
    next: undefined,
  };
}
