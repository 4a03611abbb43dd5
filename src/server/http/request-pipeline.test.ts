import { Hono, type Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestPipeline, type RequestPipeline } from './request-pipeline';
import { createTurnQueue } from './turn-queue';

function appWith(p: Partial<RequestPipeline> & { seen?: string[] } = {}) {
  const app = new Hono();
  const seen = p.seen ?? [];
  app.use(
    '*',
    requestPipeline({
      turns: createTurnQueue(0),
      refusals: [],
      route: (_c, next) => next(),
      after: [(c) => seen.push(`after ${c.res.status}`)],
      ...p,
    }),
  );
  app.get('/n/:n', (c) => {
    seen.push(`route ${c.req.param('n')}`);
    return c.text(c.req.param('n'));
  });
  app.get('/broken', () => {
    throw new Error('broken');
  });
  app.onError((_e, c) => c.text('failed', 500));
  return { app, seen };
}

const refuseOdd = (c: Context) => (Number(c.req.path.split('/').at(-1)) % 2 ? c.text('odd', 403) : undefined);

describe('request pipeline', () => {
  it('answers every request of a burst, in order, past a spent turn budget', async () => {
    const { app, seen } = appWith();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => Promise.resolve(app.request(`/n/${i}`)).then((r) => r.text())));
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    expect(seen.filter((s) => s.startsWith('route'))).toEqual(Array.from({ length: 20 }, (_, i) => `route ${i}`));
  });

  it('answers a refusal in place of the route, and the first refusal given wins', async () => {
    const seen: string[] = [];
    const { app } = appWith({ seen, refusals: [refuseOdd, (c) => c.text('second', 429)] });
    const refused = await app.request('/n/3');
    expect([refused.status, await refused.text()]).toEqual([403, 'odd']);
    expect((await app.request('/n/4')).status).toBe(429);
    expect(seen).toEqual(['after 403', 'after 429']);
  });

  it('runs the after steps on every answer, in order: routed, refused, replaced and failed', async () => {
    const seen: string[] = [];
    const { app } = appWith({
      seen,
      refusals: [refuseOdd],
      route: async (c, next) => (c.req.path === '/n/8' ? c.text('too large', 413) : next()),
      after: [(c) => seen.push(`first ${c.res.status}`), (c, arrivedAt) => seen.push(`second ${arrivedAt <= performance.now()}`)],
    });
    expect((await app.request('/n/2')).status).toBe(200);
    expect((await app.request('/n/1')).status).toBe(403);
    expect((await app.request('/n/8')).status).toBe(413);
    expect((await app.request('/broken')).status).toBe(500);
    expect(seen).toEqual([
      'route 2',
      'first 200',
      'second true',
      'first 403',
      'second true',
      'first 413',
      'second true',
      'first 500',
      'second true',
    ]);
  });
});
