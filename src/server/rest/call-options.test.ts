import { initTRPC } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callOptions } from './call-options';

interface Ctx {
  user: { id: number } | null;
  seen: string[][];
}

const t = initTRPC.context<Ctx>().meta<{ label: string }>().create();
const signedIn = t.procedure.use((opts) => {
  const { ctx, next } = opts;
  ctx.seen.push(Object.keys(opts));
  if (!ctx.user) throw new Error('signed out');
  return next({ ctx: { user: ctx.user } });
});
const router = t.router({
  rename: signedIn
    .meta({ label: 'rename' })
    .input(z.object({ name: z.string().min(1) }))
    .use((opts) => {
      opts.ctx.seen.push(Object.keys(opts));
      return opts.next({ ctx: { label: opts.meta?.label } });
    })
    .mutation((opts) => {
      opts.ctx.seen.push(Object.keys(opts));
      return { userId: opts.ctx.user.id, name: opts.input.name, label: opts.ctx.label };
    }),
});
const rename = router._def.procedures.rename;

describe('callOptions', () => {
  it('carries every key a level of the middleware chain passes on, so no level adds one', async () => {
    const ctx: Ctx = { user: { id: 7 }, seen: [] };
    const options = callOptions(ctx, 'rename', 'mutation', { name: 'Ada' });
    await rename(options);
    expect(ctx.seen).toHaveLength(3);
    for (const keys of ctx.seen) expect(Object.keys(options)).toEqual(expect.arrayContaining(keys));
  });

  it('leaves the procedure its parsed input, its meta and its errors', async () => {
    const ctx: Ctx = { user: { id: 7 }, seen: [] };
    await expect(rename(callOptions(ctx, 'rename', 'mutation', { name: 'Ada', extra: 1 }))).resolves.toEqual({
      userId: 7,
      name: 'Ada',
      label: 'rename',
    });
    await expect(rename(callOptions(ctx, 'rename', 'mutation', { name: '' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(rename(callOptions({ user: null, seen: [] }, 'rename', 'mutation', { name: 'Ada' }))).rejects.toThrow('signed out');
  });
});
