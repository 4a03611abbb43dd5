import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { SQLITE_INTERNALS } from '../test-engine';
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

describe('prepared selects run on a statement of their own (SQLite)', () => {
  async function threeConversations() {
    t = createTestApp();
    await registerUser(t, 'ebo');
    const { db } = t;
    const { users, conversations } = db.tables;
    const [ebo] = await db.select().from(users).where(eq(users.username, 'ebo'));
    const at = (hour: number) => new Date(Date.UTC(2026, 2, 2, hour));
    await db
      .insert(conversations)
      .values([8, 9, 10].map((hour) => ({ userId: ebo!.id, title: `At ${hour}`, createdAt: at(hour), updatedAt: at(hour) })));
    return { db, conversations, userId: ebo!.id, at };
  }

  it('bind placeholders, encode a date through its column, keep a bound limit apart and refuse a missing value', async () => {
    const { db, conversations, userId, at } = await threeConversations();
    const before = (limit: number | ReturnType<typeof sql.placeholder>) =>
      db
        .select({ title: conversations.title, updatedAt: conversations.updatedAt })
        .from(conversations)
        .where(
          and(
            eq(conversations.userId, sql.placeholder('userId')),
            lt(conversations.updatedAt, sql.param(sql.placeholder('before'), conversations.updatedAt)),
          ),
        )
        .orderBy(asc(conversations.id))
        .limit(limit);
    const two = prepared(before(2), 'test_before_two');
    const rows = await two.execute({ userId, before: at(10) });
    expect(rows).toEqual([
      { title: 'At 8', updatedAt: at(8) },
      { title: 'At 9', updatedAt: at(9) },
    ]);
    sameAsDrizzle(
      rows,
      await db
        .select({ title: conversations.title, updatedAt: conversations.updatedAt })
        .from(conversations)
        .where(lt(conversations.updatedAt, at(10)))
        .orderBy(asc(conversations.id))
        .limit(2),
    );
    expect(await two.execute({ userId, before: at(9) })).toEqual([{ title: 'At 8', updatedAt: at(8) }]);

    const some = prepared(before(sql.placeholder('n')), 'test_before_n');
    expect(await some.execute({ userId, before: at(11), n: 1 })).toHaveLength(1);
    expect(await some.execute({ userId, before: at(11), n: 3 })).toHaveLength(3);

    await expect(two.execute({ before: at(10) })).rejects.toThrow('No value for placeholder "userId" was provided');
  });

  it.skipIf(SQLITE_INTERNALS)('wait for another flow’s transaction, and inside one see its own rows', async () => {
    const { db, conversations, userId, at } = await threeConversations();
    const titles = prepared(
      db
        .select({ title: conversations.title })
        .from(conversations)
        .where(eq(conversations.userId, sql.placeholder('userId')))
        .orderBy(asc(conversations.id))
        .limit(10),
      'test_titles_limited',
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside: unknown;
    const transaction = db.transaction(async (tx) => {
      await tx.insert(conversations).values({ userId, title: 'At 11', createdAt: at(11), updatedAt: at(11) });
      inside = await titles.execute({ userId });
      await held;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(inside).toEqual([{ title: 'At 8' }, { title: 'At 9' }, { title: 'At 10' }, { title: 'At 11' }]);
    let outside: unknown;
    const reading = titles.execute({ userId }).then((rows) => (outside = rows));
    await new Promise((resolve) => setImmediate(resolve));
    expect(outside).toBeUndefined();
    release();
    await transaction;
    await reading;
    expect(outside).toEqual(inside);
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
