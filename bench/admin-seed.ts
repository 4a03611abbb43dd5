/**
 * Seeds the admin console's data straight into SQLite for `bench/admin.ts`: one admin
 * (the oldest row), then users and teams with owners, members and pending invitations,
 * in one transaction. Names are made from a per-run seed, so no two runs list the same
 * rows. The file must already have the server's migrations (`openDatabase`).
 */
import { createHash, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { rng, type Rng } from './support';

const FIRST_NAMES = (
  'ada amara ana anders aroha bea bruno carmen chidi dana dev elena emeka erin farah felix greta hana hugo ines ivan jamal ' +
  'jana joao kai kemi lars leila lina luca maya marek mei nadia nils noor olu omar paula priya quinn rafael rana rosa sami ' +
  'sofia tariq tess uma viktor wanjiru xavier yara yusuf zara zoltan'
).split(' ');
const SYLLABLES = 'ka lo mi ne ru sa to vi den bar quin ster am al or ul ex berg wick son'.split(' ');
const OUTLETS = 'Gazette Herald Courier Tribune Chronicle Post Times Observer Ledger Record Sentinel Dispatch Review Star'.split(' ');
const DESKS = 'Metro,Sports,Features,Politics,Newsroom,Investigations,Business,Culture,Opinion,Night Desk'.split(',');
const DOMAINS = ['newsroom.example', 'herald.example', 'freelance.example', 'wire.example', 'mail.example'];

const DAY_MS = 86_400_000;
const PROFESSIONAL = 'professional';

export interface SeedOptions {
  users: number;
  teams: number;
  /** One Argon2 hash every seeded account shares (hashing 10,000 passwords would take minutes). */
  passwordHash: string;
  seed: number;
  now?: number;
}

export interface SeededTeam {
  name: string;
  ownerUsername: string;
  members: number;
  pendingInvitations: number;
}

export interface AdminSeed {
  admin: { username: string; email: string };
  /** Seeded users, oldest first (the admin not included): the last is the Users panel's first row. */
  usernames: string[];
  emails: string[];
  /** Oldest first: the last is the Teams panel's first row. */
  teams: SeededTeam[];
  /** The made-up surnames and places, for search terms. */
  words: { surnames: string[]; places: string[] };
  members: number;
  invitations: number;
  ms: number;
}

function word(r: Rng, syllables: number) {
  let s = '';
  for (let i = 0; i < syllables; i++) s += r.pick(SYLLABLES);
  return s;
}

const capitalised = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export function seedAdminData(sqlite: Database.Database, o: SeedOptions): AdminSeed {
  const started = performance.now();
  const r = rng(o.seed);
  const now = o.now ?? Date.now();
  const tag = o.seed.toString(36).slice(-4).padStart(4, '0');
  const surnames = [...new Set(Array.from({ length: 400 }, () => word(r, 2 + r.int(2))))];
  const places = [...new Set(Array.from({ length: 150 }, () => capitalised(word(r, 2 + r.int(2)))))];

  const taken = new Set<string>();
  const unique = (make: () => string) => {
    for (;;) {
      const candidate = make();
      if (!taken.has(candidate.toLowerCase())) {
        taken.add(candidate.toLowerCase());
        return candidate;
      }
    }
  };

  const admin = { username: `admin_${tag}`, email: `admin.${tag}@copydesk.example` };
  taken.add(admin.username);
  const people = Array.from({ length: o.users }, (_, i) => {
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(surnames);
    const username = unique(() => `${first}.${last}${r.int(3) ? r.int(1000) : ''}`);
    const email = unique(() => `${first[0]}${last}${r.int(10_000)}@${r.pick(DOMAINS)}`);
    // Evenly over two years, oldest first, so ids and sign-up dates agree.
    const createdAt = now - 730 * DAY_MS + Math.floor(((i + 1) * 730 * DAY_MS) / (o.users + 1));
    return { username, email, createdAt, id: 0, teamOf: -1 };
  });

  // Owners and members are drawn from the same shuffled pool: nobody is in two teams.
  const pool = people.map((_, i) => i);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const teamCount = Math.min(o.teams, pool.length);
  const owners = pool.splice(0, teamCount);
  const teams = owners
    .map((ownerIndex) => {
      const owner = people[ownerIndex]!;
      const maxSeats = r.pick([3, 5, 5, 5, 10, 10, 20]);
      const createdAt = Math.min(now - DAY_MS, owner.createdAt + r.int(30 * DAY_MS));
      const name = unique(() => `${r.pick(places)} ${r.pick(OUTLETS)}${r.int(2) ? ` ${r.pick(DESKS)}` : ''}`);
      return { name, ownerIndex, maxSeats, createdAt, id: 0, memberIndexes: [] as number[], invitations: [] as string[] };
    })
    .sort((a, b) => a.createdAt - b.createdAt);
  for (const team of teams) {
    // Most teams have some members, a few are full, some have only their owner.
    for (let n = r.int(team.maxSeats); n > 0 && pool.length > o.users * 0.3; n--) team.memberIndexes.push(pool.pop()!);
    const seatsLeft = team.maxSeats - 1 - team.memberIndexes.length;
    if (seatsLeft > 0 && r.next() < 0.4) {
      for (let n = 1 + r.int(Math.min(2, seatsLeft)); n > 0; n--)
        team.invitations.push(`${r.pick(FIRST_NAMES)}.${r.pick(surnames)}${r.int(1000)}@${r.pick(DOMAINS)}`);
    }
  }

  const insertUser = sqlite.prepare<[string, string, string, string, string | null, number | null, number | null, number]>(
    `INSERT INTO users (username, email, password_hash, is_admin, subscription_status, subscription_plan, subscription_renewal_date, trial_used_at, created_at)
     VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?)`,
  );
  const insertTeam = sqlite.prepare<[string, number, string, string | null, number, number | null, number]>(
    `INSERT INTO teams (name, owner_id, subscription_status, subscription_plan, max_seats, subscription_renewal_date, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const joinTeam = sqlite.prepare<[number, number, number]>(`UPDATE users SET team_id = ?, team_joined_at = ? WHERE id = ?`);
  const insertInvitation = sqlite.prepare<[number, string, string, number, number, number, number]>(
    `INSERT INTO team_invitations (team_id, email, token_hash, status, invited_by_id, created_at, expires_at, updated_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?, ?)`,
  );
  const renewal = () => now + (1 + r.int(30)) * DAY_MS;

  let members = 0;
  let invitations = 0;
  sqlite.transaction(() => {
    sqlite
      .prepare(`INSERT INTO users (username, email, password_hash, is_admin, created_at) VALUES (?, ?, ?, 1, ?)`)
      .run(admin.username, admin.email, o.passwordHash, now - 800 * DAY_MS);
    for (const p of people) {
      const roll = r.next();
      const [status, plan, renews, trialUsed] =
        roll < 0.3
          ? (['active', PROFESSIONAL, renewal(), p.createdAt + DAY_MS] as const)
          : roll < 0.38
            ? (['trialing', PROFESSIONAL, renewal(), now - r.int(7) * DAY_MS] as const)
            : roll < 0.45
              ? (['inactive', null, null, p.createdAt + DAY_MS] as const)
              : (['inactive', null, null, null] as const);
      p.id = Number(insertUser.run(p.username, p.email, o.passwordHash, status, plan, renews, trialUsed, p.createdAt).lastInsertRowid);
    }
    for (const t of teams) {
      const roll = r.next();
      const [status, plan, renews] =
        roll < 0.8
          ? (['active', PROFESSIONAL, renewal()] as const)
          : roll < 0.9
            ? (['suspended', PROFESSIONAL, null] as const)
            : (['inactive', null, null] as const);
      const owner = people[t.ownerIndex]!;
      t.id = Number(insertTeam.run(t.name, owner.id, status, plan, t.maxSeats, renews, t.createdAt).lastInsertRowid);
      joinTeam.run(t.id, t.createdAt, owner.id);
      for (const m of t.memberIndexes) {
        const member = people[m]!;
        joinTeam.run(t.id, Math.max(t.createdAt, member.createdAt) + r.int(20 * DAY_MS), member.id);
        members++;
      }
      for (const email of t.invitations) {
        const sent = now - r.int(6 * DAY_MS);
        const tokenHash = createHash('sha256').update(randomBytes(32)).digest('hex');
        insertInvitation.run(t.id, email, tokenHash, owner.id, sent, sent + 7 * DAY_MS, sent);
        invitations++;
      }
    }
  })();

  return {
    admin,
    usernames: people.map((p) => p.username),
    emails: people.map((p) => p.email),
    teams: teams.map((t) => ({
      name: t.name,
      ownerUsername: people[t.ownerIndex]!.username,
      members: t.memberIndexes.length,
      pendingInvitations: t.invitations.length,
    })),
    words: { surnames, places },
    members,
    invitations,
    ms: performance.now() - started,
  };
}

/**
 * Distinct search terms as an admin types them, each a part of a seeded name or
 * address, so each matches at least one row: `kind` users draws from usernames and
 * e-mails, `teams` from team names and owners' usernames.
 */
export function searchTerms(seeded: AdminSeed, kind: 'users' | 'teams', count: number, r: Rng): string[] {
  const sources =
    kind === 'users'
      ? [() => r.pick(seeded.usernames), () => r.pick(seeded.usernames), () => r.pick(seeded.emails)]
      : [() => r.pick(seeded.teams).name, () => r.pick(seeded.teams).name, () => r.pick(seeded.teams).ownerUsername];
  const out = new Set<string>();
  for (let i = 0; out.size < count && i < count * 100; i++) {
    const source = sources[i % sources.length]!();
    const parts = source.toLowerCase().match(/[a-z]{3,}/g) ?? [];
    const part = parts.length ? r.pick(parts) : source.toLowerCase();
    const length = Math.min(part.length, 3 + r.int(4));
    const start = r.int(part.length - length + 1);
    out.add(part.slice(start, start + length));
  }
  return [...out];
}
