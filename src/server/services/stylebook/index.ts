import { and, count, eq, gte, inArray, max, sql } from 'drizzle-orm';
import type { StylebookEntryRow, TeamRow, UserRow } from '../../../../db/schema';
import { DAY_MS } from '../../../shared/limits';
import {
  MAX_STYLEBOOK_ENTRIES,
  STYLEBOOK_MESSAGES,
  type StylebookEntry,
  type StylebookEntryFields,
} from '../../../shared/schemas/stylebook';
import {
  parseStylebookCsv,
  stylebookEntryKey,
  stylebookTermKey,
  stylebookToCsv,
  type StylebookCsvError,
} from '../../../shared/stylebook-csv';
import type { Clock } from '../../clock';
import type { DB } from '../../db';
import { compileStylebook, type CompiledStylebook } from '../../editor/stylebook/compile';
import { fail } from '../../errors';
import { prepared } from '../../database/prepared';
import { parseValeRules } from './vale-import';

/** Days the stylebook's "fired" counts look back. */
export const STYLEBOOK_HIT_DAYS = 30;
/** Compiled stylebooks kept in memory, most recently used first. */
const COMPILED_KEPT = 200;
/** Rows per insert statement when importing (PostgreSQL takes at most 65,535 parameters a statement). */
const IMPORT_CHUNK = 500;

export const STYLEBOOK_ERRORS = {
  notFound: 'Stylebook entry not found.',
  readOnly: 'Only the team owner and team editors can change the stylebook.',
  invalidImport: 'Nothing was imported: fix the lines below and try again.',
} as const;

/** Whose stylebook a person reads: their team's, or their own when they have no team. */
export interface StylebookOwner {
  key: string;
  teamId: number | null;
  userId: number | null;
  teamName: string | null;
  canEdit: boolean;
}

export interface StylebookEntryView extends StylebookEntry {
  /** Findings it raised in the last STYLEBOOK_HIT_DAYS days. */
  hits: number;
  updatedAt: string;
}

export interface StylebookList {
  owner: { kind: 'team' | 'personal'; teamName: string | null; canEdit: boolean };
  entries: StylebookEntryView[];
  /** Entries in the stylebook, whatever the search. */
  total: number;
}

const dayOf = (at: Date) => Math.floor(at.getTime() / DAY_MS);

const toEntry = (row: StylebookEntryRow): StylebookEntry => ({
  id: row.id,
  type: row.type,
  term: row.term,
  variants: row.variants,
  replacement: row.replacement,
  note: row.note,
  caseSensitive: row.caseSensitive,
});

const matchesSearch = (e: StylebookEntry, needle: string) =>
  [e.term, ...e.variants, e.replacement, e.note].some((field) => field.toLowerCase().includes(needle));

export type ImportResult = { ok: true; added: number; updated: number } | { ok: false; errors: StylebookCsvError[] };

export function createStylebookService(db: DB, clock: Clock) {
  const { stylebookEntries: entries, stylebookHits: hits, teams } = db.tables;
  // Every reply asks for the writer's stylebook: its owner and version are read with prepared statements.
  const teamById = prepared(
    db
      .select()
      .from(teams)
      .where(eq(teams.id, sql.placeholder('id')))
      .limit(1),
    'stylebook_team',
  );
  const versionOf = prepared(
    db
      .select({ n: count(), newest: max(entries.id), changed: max(entries.updatedAt) })
      .from(entries)
      .where(eq(entries.ownerKey, sql.placeholder('ownerKey'))),
    'stylebook_version',
  );
  const compiled = new Map<string, { version: string; stylebook: CompiledStylebook }>();

  async function ownerOf(user: UserRow): Promise<StylebookOwner> {
    if (user.teamId == null) return { key: `u:${user.id}`, teamId: null, userId: user.id, teamName: null, canEdit: true };
    const [team] = await teamById.execute({ id: user.teamId });
    if (!team) return { key: `u:${user.id}`, teamId: null, userId: user.id, teamName: null, canEdit: true };
    return { key: `t:${team.id}`, teamId: team.id, userId: null, teamName: team.name, canEdit: mayEditTeamStylebook(user, team) };
  }

  async function editableOwner(user: UserRow): Promise<StylebookOwner> {
    const owner = await ownerOf(user);
    if (!owner.canEdit) fail('FORBIDDEN', STYLEBOOK_ERRORS.readOnly);
    return owner;
  }

  async function entryOf(owner: StylebookOwner, id: number): Promise<StylebookEntryRow> {
    const [row] = await db
      .select()
      .from(entries)
      .where(and(eq(entries.id, id), eq(entries.ownerKey, owner.key)))
      .limit(1);
    if (!row) fail('NOT_FOUND', STYLEBOOK_ERRORS.notFound);
    return row;
  }

  const rowValues = (owner: StylebookOwner, e: StylebookEntryFields, now: Date) => ({
    ownerKey: owner.key,
    teamId: owner.teamId,
    userId: owner.userId,
    type: e.type,
    term: e.term,
    termKey: stylebookTermKey(e),
    variants: e.variants,
    replacement: e.replacement,
    note: e.note,
    caseSensitive: e.caseSensitive,
    updatedAt: now,
  });

  async function countOf(owner: StylebookOwner): Promise<number> {
    const [row] = await db.select({ n: count() }).from(entries).where(eq(entries.ownerKey, owner.key));
    return row?.n ?? 0;
  }

  async function assertNoTwin(owner: StylebookOwner, e: StylebookEntryFields, exceptId?: number): Promise<void> {
    const [twin] = await db
      .select({ id: entries.id })
      .from(entries)
      .where(and(eq(entries.ownerKey, owner.key), eq(entries.type, e.type), eq(entries.termKey, stylebookTermKey(e))))
      .limit(1);
    if (twin && twin.id !== exceptId) fail('CONFLICT', STYLEBOOK_MESSAGES.duplicate);
  }

  async function rowsOf(owner: StylebookOwner): Promise<StylebookEntryRow[]> {
    return db
      .select()
      .from(entries)
      .where(eq(entries.ownerKey, owner.key))
      .orderBy(sql`lower(${entries.term})`, entries.id);
  }

  async function importEntries(
    user: UserRow,
    parsed: { ok: true; entries: StylebookEntryFields[] } | { ok: false; errors: StylebookCsvError[] },
  ): Promise<ImportResult> {
    const owner = await editableOwner(user);
    if (!parsed.ok) return parsed;
    const now = clock();
    return db.transaction(async (tx) => {
      const existing = await tx
        .select({ id: entries.id, type: entries.type, termKey: entries.termKey })
        .from(entries)
        .where(eq(entries.ownerKey, owner.key));
      const byKey = new Map(existing.map((r) => [`${r.type}\u0000${r.termKey}`, r.id]));
      const fresh = parsed.entries.filter((e) => !byKey.has(stylebookEntryKey(e)));
      if (existing.length + fresh.length > MAX_STYLEBOOK_ENTRIES)
        return { ok: false as const, errors: [{ line: 1, message: STYLEBOOK_MESSAGES.tooMany }] };
      const updates = parsed.entries.filter((e) => byKey.has(stylebookEntryKey(e)));
      for (const e of updates)
        await tx
          .update(entries)
          .set(rowValues(owner, e, now))
          .where(eq(entries.id, byKey.get(stylebookEntryKey(e))!));
      for (let i = 0; i < fresh.length; i += IMPORT_CHUNK)
        await tx.insert(entries).values(fresh.slice(i, i + IMPORT_CHUNK).map((e) => ({ ...rowValues(owner, e, now), createdAt: now })));
      return { ok: true as const, added: fresh.length, updated: updates.length };
    });
  }

  /**
   * The stylebook a person's copy is checked against, compiled once per version: its
   * entries' count, newest id and latest change tell a changed stylebook from the one in memory.
   */
  async function compiledFor(user: UserRow): Promise<CompiledStylebook | undefined> {
    const owner = await ownerOf(user);
    const [v] = await versionOf.execute({ ownerKey: owner.key });
    if (!v || v.n === 0) return undefined;
    const version = `${v.n}:${v.newest}:${v.changed instanceof Date ? v.changed.getTime() : String(v.changed)}`;
    const cached = compiled.get(owner.key);
    if (cached?.version === version) {
      compiled.delete(owner.key);
      compiled.set(owner.key, cached);
      return cached.stylebook;
    }
    const stylebook = compileStylebook((await rowsOf(owner)).map(toEntry));
    compiled.delete(owner.key);
    compiled.set(owner.key, { version, stylebook });
    if (compiled.size > COMPILED_KEPT) compiled.delete(compiled.keys().next().value!);
    return stylebook;
  }

  return {
    ownerOf,

    async list(user: UserRow, search = ''): Promise<StylebookList> {
      const owner = await ownerOf(user);
      const rows = await rowsOf(owner);
      const since = dayOf(clock()) - (STYLEBOOK_HIT_DAYS - 1);
      const counted = rows.length
        ? await db
            .select({ entryId: hits.entryId, n: sql<number>`sum(${hits.count})`.mapWith(Number) })
            .from(hits)
            .innerJoin(entries, eq(entries.id, hits.entryId))
            .where(and(eq(entries.ownerKey, owner.key), gte(hits.day, since)))
            .groupBy(hits.entryId)
        : [];
      const fired = new Map(counted.map((c) => [c.entryId, c.n]));
      const needle = search.trim().toLowerCase();
      const shown = rows.map((r) => ({ ...toEntry(r), hits: fired.get(r.id) ?? 0, updatedAt: r.updatedAt.toISOString() }));
      return {
        owner: { kind: owner.teamId ? 'team' : 'personal', teamName: owner.teamName, canEdit: owner.canEdit },
        entries: needle ? shown.filter((e) => matchesSearch(e, needle)) : shown,
        total: rows.length,
      };
    },

    async create(user: UserRow, input: StylebookEntryFields): Promise<StylebookEntry> {
      const owner = await editableOwner(user);
      if ((await countOf(owner)) >= MAX_STYLEBOOK_ENTRIES) fail('BAD_REQUEST', STYLEBOOK_MESSAGES.tooMany);
      await assertNoTwin(owner, input);
      const now = clock();
      const [row] = await db
        .insert(entries)
        .values({ ...rowValues(owner, input, now), createdAt: now })
        .returning();
      return toEntry(row!);
    },

    async update(user: UserRow, id: number, input: StylebookEntryFields): Promise<StylebookEntry> {
      const owner = await editableOwner(user);
      await entryOf(owner, id);
      await assertNoTwin(owner, input, id);
      const [row] = await db
        .update(entries)
        .set(rowValues(owner, input, clock()))
        .where(eq(entries.id, id))
        .returning();
      return toEntry(row!);
    },

    async remove(user: UserRow, id: number): Promise<void> {
      const owner = await editableOwner(user);
      await entryOf(owner, id);
      await db.delete(entries).where(eq(entries.id, id));
    },

    /** Adds the file's entries and updates those it names again (same type and term); all or nothing. */
    importCsv: (user: UserRow, csv: string) => importEntries(user, parseStylebookCsv(csv)),
    importVale: (user: UserRow, yaml: string) => importEntries(user, parseValeRules(yaml)),

    async exportCsv(user: UserRow): Promise<string> {
      return stylebookToCsv((await rowsOf(await ownerOf(user))).map(toEntry));
    },

    compiledFor,

    /** Counts the findings each entry raised today, for the stylebook's "fired" column. */
    async recordHits(entryIds: readonly number[]): Promise<void> {
      if (entryIds.length === 0) return;
      const perEntry = new Map<number, number>();
      for (const id of entryIds) perEntry.set(id, (perEntry.get(id) ?? 0) + 1);
      const live = await db
        .select({ id: entries.id })
        .from(entries)
        .where(inArray(entries.id, [...perEntry.keys()]));
      if (live.length === 0) return;
      const day = dayOf(clock());
      await db
        .insert(hits)
        .values(live.map(({ id }) => ({ entryId: id, day, count: perEntry.get(id)! })))
        .onConflictDoUpdate({ target: [hits.entryId, hits.day], set: { count: sql`${hits.count} + excluded.count` } });
    },
  };
}

/** The team's owner and its editors keep the team's stylebook; members read it. */
function mayEditTeamStylebook(user: UserRow, team: TeamRow): boolean {
  return team.ownerId === user.id || user.teamRole === 'editor';
}

export type StylebookService = ReturnType<typeof createStylebookService>;
