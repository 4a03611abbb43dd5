import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { promoCodes } from '../../../db/schema.sqlite';
import { prepared } from '../database/prepared';
import { openDatabase } from '../db';
import { limitInline } from './database';

describe('limitInline', () => {
  it('writes a trailing limit, and an offset after it, as numbers', () => {
    expect(limitInline('select "id" from "users" where "users"."email" = ? limit ?', ['a@b.example', 1])).toEqual({
      sql: 'select "id" from "users" where "users"."email" = ? limit 1',
      params: ['a@b.example'],
    });
    expect(limitInline('select "id" from "users" order by "id" limit ? offset ?', [20, 40])).toEqual({
      sql: 'select "id" from "users" order by "id" limit 20 offset 40',
      params: [],
    });
  });

  it('leaves a query alone when the limit is not a whole number or not at the end', () => {
    const query = 'select "id" from "users" where "name" = ? limit ?';
    expect(limitInline(query, ['x', '1; drop table users'])).toEqual({ sql: query, params: ['x', '1; drop table users'] });
    expect(limitInline(query, ['x', 1.5])).toEqual({ sql: query, params: ['x', 1.5] });
    const inner = 'select * from (select "id" from "users" limit ?) where "id" = ?';
    expect(limitInline(inner, [1, 2])).toEqual({ sql: inner, params: [1, 2] });
  });
});

describe('queries through the SQLite connection', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const open = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-sqlite-'));
    dirs.push(dir);
    return openDatabase(path.join(dir, 'app.db'));
  };

  it('page with limits and offsets, and prepared queries take their placeholders at each call', async () => {
    const { db, dialect } = open();
    for (const code of ['A', 'B', 'C', 'D', 'E']) await db.insert(promoCodes).values({ code, percentOff: 10, createdAt: new Date(0) });
    const page = (limit: number, offset: number) =>
      db.select({ code: promoCodes.code }).from(promoCodes).orderBy(asc(promoCodes.id)).limit(limit).offset(offset);
    expect(await page(2, 0)).toEqual([{ code: 'A' }, { code: 'B' }]);
    expect(await page(2, 3)).toEqual([{ code: 'D' }, { code: 'E' }]);

    const byCode = prepared(
      db
        .select({ code: promoCodes.code, createdAt: promoCodes.createdAt })
        .from(promoCodes)
        .where(eq(promoCodes.code, sql.placeholder('code')))
        .limit(sql.placeholder('limit')),
      'promo_by_code',
    );
    expect(await byCode.execute({ code: 'C', limit: 1 })).toEqual([{ code: 'C', createdAt: new Date(0) }]);
    expect(await byCode.execute({ code: 'Z', limit: 1 })).toEqual([]);
    await dialect.close();
  });
});
