import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-app';
import { hashToken } from '../auth/tokens';
import { visitor } from '../chat/test-support';
import { tokenOfUrl } from './test-support';
import { SQLITE_INTERNALS } from '../../test-engine';

let t: TestApp;
afterEach(() => t?.close());

async function ownerAndInvitee() {
  t = createTestApp();
  const owner = await visitor(t, 'olivia');
  const milo = await visitor(t, 'milo');
  const team = await owner.api.team.create({ name: 'Metro Desk' });
  return { owner, milo, team };
}

describe('teams service', () => {
  it.skipIf(SQLITE_INTERNALS)('stores only the SHA-256 of a 160-bit invitation token', async () => {
    const { owner } = await ownerAndInvitee();
    const { teamInvitations } = t.db.tables;
    const invitation = await owner.api.team.invite({ email: 'milo@news.example' });
    const token = tokenOfUrl(invitation.inviteUrl);
    expect(token).toMatch(/^[a-z2-7]{32}$/);
    const row = (await t.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id)))[0]!;
    expect(row.tokenHash).toBe(hashToken(token));
    const file = t.sqliteClient().prepare('SELECT * FROM team_invitations').all();
    expect(JSON.stringify(file)).not.toContain(token);
  });

  it('tells the access service the team status as it is now', async () => {
    const { team } = await ownerAndInvitee();
    const { teams } = t.db.tables;
    expect(await t.services.teams.findForAccess(team.id)).toEqual({ name: 'Metro Desk', subscriptionStatus: 'inactive' });
    await t.db.update(teams).set({ subscriptionStatus: 'suspended' }).where(eq(teams.id, team.id));
    expect(await t.services.teams.findForAccess(team.id)).toEqual({ name: 'Metro Desk', subscriptionStatus: 'suspended' });
    expect(await t.services.teams.findForAccess(team.id + 1)).toBeUndefined();
  });

  it('releases the members and drops the invitations of a team whose owner account is deleted', async () => {
    const { owner, milo, team } = await ownerAndInvitee();
    const { teamInvitations, teams, users } = t.db.tables;
    const invitation = await owner.api.team.invite({ email: 'milo@news.example' });
    await milo.api.team.acceptInvitation({ token: tokenOfUrl(invitation.inviteUrl) });
    await owner.api.team.invite({ email: 'nora@news.example' });

    await t.db.delete(users).where(eq(users.id, owner.userId));

    expect((await t.db.select().from(teams).where(eq(teams.id, team.id)))[0]).toBeUndefined();
    expect(await t.services.users.findById(milo.userId)).toMatchObject({ teamId: null });
    expect(await t.db.select().from(teamInvitations)).toEqual([]);
    expect(await milo.api.team.create({ name: 'New Desk' })).toMatchObject({ ownerId: milo.userId, usedSeats: 1 });
  });
});
