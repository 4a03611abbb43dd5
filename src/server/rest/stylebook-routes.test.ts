import { afterEach, describe, expect, it } from 'vitest';
import { STYLEBOOK_ERRORS } from '../services/stylebook';
import { teamOfTwo } from '../services/teams/test-support';
import { createTestApp, type TestApp } from '../test-app';
import { get, post, send } from '../test-http';

let t: TestApp;
afterEach(() => t?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asserts
const json = async (res: Response) => (await res.json()) as any;
const HEADER = 'type,term,variants,replacement,reason,case';

describe('REST: the stylebook', () => {
  it('adds, lists, edits, imports, exports and deletes entries; a member reads but cannot change them', async () => {
    t = createTestApp();
    const { owner, member } = await teamOfTwo(t);
    const made = await post(
      t,
      '/api/stylebook',
      { type: 'prefer', term: 'Wilkes-Barre', variants: ['Wilkes Barre'], note: 'Hyphenated.' },
      { token: owner },
    );
    expect(made.status).toBe(201);
    const { id } = await json(made);

    const edited = await send(
      t,
      'PUT',
      `/api/stylebook/${id}`,
      { entry: { type: 'prefer', term: 'Wilkes-Barre', variants: ['Wilkesbarre'] } },
      { token: owner },
    );
    expect(edited.status).toBe(200);
    expect((await json(edited)).variants).toEqual(['Wilkesbarre']);

    const bad = await post(t, '/api/stylebook/import', { format: 'csv', content: `${HEADER}\nprefer,per cent,,,,\n` }, { token: owner });
    expect(await json(bad)).toEqual({
      ok: false,
      errors: [{ line: 2, message: 'variants: A preferred term needs at least one variant it replaces.' }],
    });
    const good = await post(
      t,
      '/api/stylebook/import',
      { format: 'csv', content: `${HEADER}\navoid,slammed,,criticized,,\n` },
      { token: owner },
    );
    expect(await json(good)).toEqual({ ok: true, added: 1, updated: 0 });

    const listed = await get(t, '/api/stylebook?q=slam', { token: member });
    expect(listed.status).toBe(200);
    expect((await json(listed)).entries.map((e: { term: string }) => e.term)).toEqual(['slammed']);
    const exported = await get(t, '/api/stylebook/export.csv', { token: member });
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toBe('attachment; filename="stylebook.csv"');
    expect((await exported.text()).split('\r\n')).toEqual([
      HEADER,
      'avoid,slammed,,criticized,,',
      'prefer,Wilkes-Barre,Wilkesbarre,,,',
      '',
    ]);

    const refused = await send(t, 'DELETE', `/api/stylebook/${id}`, undefined, { token: member });
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe(STYLEBOOK_ERRORS.readOnly);
    expect((await send(t, 'DELETE', `/api/stylebook/${id}`, undefined, { token: owner })).status).toBe(200);
    expect((await send(t, 'DELETE', `/api/stylebook/${id}`, undefined, { token: owner })).status).toBe(404);
    expect((await get(t, '/api/stylebook')).status).toBe(401);
  });
});
