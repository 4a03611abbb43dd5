import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { LINKS, extractLink } from '../../../../tests/support/smtp-sink';
import { errorDetails } from '../../errors';
import type { TestApp } from '../../test-app';
import { outboxMailTo, registerUser } from '../../test-http';

/** Stands in for the admin console and team billing, which set a team's status in production. */
export async function setTeamStatus(t: TestApp, teamId: number, subscriptionStatus: 'active' | 'suspended' | 'inactive') {
  const { teams } = t.db.tables;
  await t.db.update(teams).set({ subscriptionStatus }).where(eq(teams.id, teamId));
}

/** The invitations the outbox holds for `address`, decoded enough to read their text and link. */
export function outboxInvitationsTo(t: TestApp, address: string): string[] {
  return outboxMailTo(t, address).filter((text) => text.includes(LINKS.invitation));
}

/** The token of the invitation link in a message. */
export function invitationToken(raw: string): string {
  return new URL(extractLink(raw, '/accept-invitation?token=')).searchParams.get('token')!;
}

export const tokenOfUrl = (inviteUrl: string) => new URL(inviteUrl).searchParams.get('token')!;

/** An owner, mariana, and one member, tomas, who joined through an e-mailed invitation; neither has a plan of their own. */
export async function teamOfTwo(t: TestApp) {
  const api = (token: string) => t.caller({ token }).api;
  const owner = await registerUser(t, 'mariana');
  const member = await registerUser(t, 'tomas');
  const team = await api(owner).team.create({ name: 'Metro Desk' });
  const invitation = await api(owner).team.invite({ email: 'tomas@news.example' });
  await api(member).team.acceptInvitation({ token: tokenOfUrl(invitation.inviteUrl) });
  return { owner, member, teamId: team.id };
}

/** The access rule as every editor request applies it, for the user as stored now: 'granted' or the refusal's code. */
export async function editorAccess(t: TestApp, email: string): Promise<string> {
  const { users } = t.db.tables;
  const [user] = await t.db.select().from(users).where(eq(users.email, email)).limit(1);
  try {
    await t.services.access.assertEditorAccess(user!);
    return 'granted';
  } catch (e) {
    if (!(e instanceof TRPCError)) throw e;
    return String(errorDetails(e).code);
  }
}
