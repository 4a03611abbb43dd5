import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
afterEach(() => t?.close());

describe('app', () => {
  it('serves the plan list', async () => {
    t = createTestApp();
    const res = await t.app.request('/api/plans');
    expect(res.status).toBe(200);
    const plans = (await res.json()) as Array<{ id: string; price: number }>;
    expect(plans.map((p) => [p.id, p.price])).toEqual([['professional', 49.99]]);
  });
});
