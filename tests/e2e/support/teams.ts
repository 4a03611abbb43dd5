import { eq } from 'drizzle-orm';
import type { E2EServer } from './server';

let owners = 0;

/**
 * Puts an account in a real team, owned by another account, whose subscription
 * is suspended, as the admin console leaves it; awaited, a test can suspend
 * between two sends. The running server's own teams service creates the
 * team; the membership and the status are written as the invitation and the
 * admin would (their flows are tested in teams.test.ts).
 */
export async function putInSuspendedTeam(server: E2EServer, email: string, teamName: string) {
  const { db, services } = server.running;
  const { teams, users } = db.tables;
  owners += 1;
  const id = `${Date.now().toString(36)}${owners}`;
  // An owner who never signs in: no usable password hash.
  const [owner] = await db
    .insert(users)
    .values({ username: `owner${id}`, email: `owner.${id}@example.com`, passwordHash: '!', createdAt: new Date() })
    .returning();
  const team = await services.teams.create(owner!, teamName);
  await db.update(teams).set({ subscriptionStatus: 'suspended' }).where(eq(teams.id, team.id));
  await server.updateUser(email, { teamId: team.id, teamJoinedAt: new Date(), subscriptionStatus: 'inactive' });
  return team;
}
