import { afterEach, describe, expect, it } from 'vitest';
import { suspendedTeamOf } from '../../shared/access';
import { signedInAdmin, userRowOf } from '../services/admin/test-support';
import { editorAccess, teamOfTwo } from '../services/teams/test-support';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
afterEach(() => t?.close());

const api = (token: string) => t.caller({ token }).api;

/** What a page asks on load, the user and their team, and the suspension it reads from them. */
async function reasonOnLoad(token: string) {
  const me = await api(token).auth.me();
  const team = await api(token).team.get();
  return suspendedTeamOf(me, team)?.name ?? null;
}

describe('a suspended team, as the pages read it on load', () => {
  it('names the team for its members and its owner, as the refused send does, until a plan of their own lets them in', async () => {
    t = createTestApp();
    const { owner, member, teamId } = await teamOfTwo(t);
    const admin = await signedInAdmin(t);
    await api(admin.token).admin.teams.setSubscription({ id: teamId, subscriptionStatus: 'active' });
    expect(await reasonOnLoad(member)).toBeNull();

    await api(admin.token).admin.teams.setSubscription({ id: teamId, subscriptionStatus: 'suspended' });
    expect(await reasonOnLoad(member)).toBe('Metro Desk');
    expect(await reasonOnLoad(owner)).toBe('Metro Desk');
    expect(await api(member).team.get()).toMatchObject({ name: 'Metro Desk', subscriptionStatus: 'suspended' });
    expect(await editorAccess(t, 'tomas@news.example')).toBe('TEAM_SUSPENDED');

    // A gifted plan of their own lets the member in: nothing to explain any more.
    const tomas = (await userRowOf(t, 'tomas@news.example'))!;
    await api(admin.token).admin.users.gift({ id: tomas.id });
    expect(await reasonOnLoad(member)).toBeNull();
    expect(await editorAccess(t, 'tomas@news.example')).toBe('granted');
    expect(await reasonOnLoad(owner)).toBe('Metro Desk');

    await api(admin.token).admin.teams.setSubscription({ id: teamId, subscriptionStatus: 'active' });
    expect(await reasonOnLoad(owner)).toBeNull();
  });
});
