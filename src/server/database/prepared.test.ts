import { asc, count, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { registerUser } from '../test-http';
import { prepared, preparedPer } from './prepared';
import { compileRowMapper } from './row-mapper';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The same rows, values and key order as Drizzle's own mapper gives a one-off query. */
const sameAsDrizzle = (ours: unknown, drizzles: unknown) => {
  expect(ours).toEqual(drizzles);
  expect(JSON.stringify(ours)).toBe(JSON.stringify(drizzles));
};

describe('prepared selects', () => {
  it('map rows as Drizzle does: joins, dates, booleans, nulls, partial and computed fields', async () => {
    t = createTestApp();
    await registerUser(t, 'amara');
    await registerUser(t, 'bashir');
    const { db } = t;
    const { sessions, users, conversations } = db.tables;
    const [amara] = await db.select().from(users).where(eq(users.username, 'amara'));
    await db.insert(conversations).values([
      {
        userId: amara!.id,
        title: 'Council budget',
        createdAt: new Date('2026-03-01T08:00:00Z'),
        updatedAt: new Date('2026-03-01T08:00:00Z'),
      },
      {
        userId: amara!.id,
        title: 'Flood follow-up',
        createdAt: new Date('2026-03-02T08:00:00Z'),
        updatedAt: new Date('2026-03-02T09:30:00Z'),
      },
    ]);

    const joined = db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .orderBy(asc(users.id));
    sameAsDrizzle(await prepared(joined, 'test_joined').execute(), await joined);

    const mixed = (userId: number | ReturnType<typeof sql.placeholder>) =>
      db
        .select({
          id: conversations.id,
          title: conversations.title,
          updatedAt: conversations.updatedAt,
          owner: { name: users.username, verifiedAt: users.emailVerifiedAt, admin: users.isAdmin },
          shout: sql<string>`upper(${conversations.title})`.as('shout'),
        })
        .from(conversations)
        .innerJoin(users, eq(users.id, conversations.userId))
        .where(eq(conversations.userId, userId))
        .orderBy(asc(conversations.id));
    const rows = await prepared(mixed(sql.placeholder('userId')), 'test_mixed').execute({ userId: amara!.id });
    sameAsDrizzle(rows, await mixed(amara!.id));
    expect(rows[1]).toMatchObject({ title: 'Flood follow-up', updatedAt: new Date('2026-03-02T09:30:00Z'), owner: { admin: false } });

    const counted = db.select({ n: count() }).from(conversations);
    sameAsDrizzle(await prepared(counted, 'test_counted').execute(), await counted);
  });

  it('leave a left join to Drizzle, which turns a missing table into null', async () => {
    t = createTestApp();
    await registerUser(t, 'chidi');
    const { db } = t;
    const { users, conversations } = db.tables;
    const left = db
      .select({ user: users, conversation: conversations })
      .from(users)
      .leftJoin(conversations, eq(conversations.userId, users.id));
    const rows = await prepared(left, 'test_left').execute();
    expect(rows).toEqual([expect.objectContaining({ conversation: null })]);
    sameAsDrizzle(rows, await left);
    expect(compileRowMapper([{ path: ['conversation', 'id'], field: conversations.id }], { users: true, conversations: false })).toBeNull();
  });

  it('leave a field named __proto__ to Drizzle: in an object literal that name sets the prototype', async () => {
    t = createTestApp();
    await registerUser(t, 'dayo');
    const { db } = t;
    const { users } = db.tables;
    expect(compileRowMapper([{ path: ['__proto__'], field: users.id }], undefined)).toBeNull();
    expect(compileRowMapper([{ path: ['user', '__proto__'], field: users.id }], undefined)).toBeNull();
    const named = db.select({ ['__proto__']: users.username, name: users.username }).from(users);
    const rows = await prepared(named, 'test_proto').execute();
    sameAsDrizzle(rows, await named);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
  });
});

describe('statements prepared per executor', () => {
  it('run inside the transaction whose body uses them, and roll back with it', async () => {
    t = createTestApp();
    await registerUser(t, 'dara');
    const { db } = t;
    const { users, conversations } = db.tables;
    const [dara] = await db.select().from(users).where(eq(users.username, 'dara'));
    const at = new Date('2026-03-02T09:00:00Z');
    const insert = preparedPer(
      (q) =>
        q
          .insert(conversations)
          .values({ userId: sql.placeholder('userId'), title: sql.placeholder('title'), createdAt: at, updatedAt: at })
          .returning({ id: conversations.id }),
      'test_new_conversation',
    );
    const titles = preparedPer(
      (q) =>
        q
          .select({ title: conversations.title })
          .from(conversations)
          .where(eq(conversations.userId, sql.placeholder('userId'))),
      'test_titles',
    );
    const userId = dara!.id;

    await insert(db).execute({ userId, title: 'Kept' });
    await expect(
      db.transaction(async (tx) => {
        await insert(tx).execute({ userId, title: 'Undone' });
        // The transaction sees its own row before it ends.
        expect(await titles(tx).execute({ userId })).toEqual([{ title: 'Kept' }, { title: 'Undone' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db.transaction(async (tx) => {
      await insert(tx).execute({ userId, title: 'Committed' });
    });
    expect(await titles(db).execute({ userId })).toEqual([{ title: 'Kept' }, { title: 'Committed' }]);
  });
});
