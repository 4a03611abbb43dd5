import { eq } from 'drizzle-orm';
import type { BrowserContext } from 'playwright-core';
import type { TeamRow } from '../../../db/schema';
import type { Invitation, Team } from '../../../src/shared/schemas/team';
import { extractLink, type SunkMail } from '../../support/smtp-sink';
import { appOrigin } from './browser';
import type { E2EServer } from './server';

async function json<T>(
  res: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> },
  what: string,
): Promise<T> {
  if (!res.ok()) throw new Error(`${what} failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Creates a team through the REST API as the context's signed-in user, who becomes its owner. */
export async function createTeamByApi(context: BrowserContext, baseURL: string, name: string): Promise<Team> {
  return json<Team>(await context.request.post(`${baseURL}/api/team`, { data: { name }, headers: appOrigin(baseURL) }), 'create team');
}

export async function inviteByApi(context: BrowserContext, baseURL: string, email: string): Promise<Invitation> {
  return json<Invitation>(
    await context.request.post(`${baseURL}/api/team/invite`, { data: { email }, headers: appOrigin(baseURL) }),
    'invite',
  );
}

export async function acceptByApi(context: BrowserContext, baseURL: string, token: string): Promise<{ team: Team }> {
  return json(
    await context.request.post(`${baseURL}/api/team/accept-invitation/${encodeURIComponent(token)}`, { headers: appOrigin(baseURL) }),
    'accept invitation',
  );
}

export async function teamByApi(context: BrowserContext, baseURL: string): Promise<Team> {
  return json<Team>(await context.request.get(`${baseURL}/api/team`), 'get team');
}

/** The invitation link an e-mail carries, and its token. */
export function invitationLinkIn(mail: SunkMail): { link: string; token: string } {
  const link = extractLink(mail.raw, '/accept-invitation?token=');
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error('invitation link without a token');
  return { link, token };
}

/** The e-mail's text with quoted-printable soft breaks and escapes undone, to read what it says. */
export function mailText(mail: SunkMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#39;|&#x27;|&apos;/g, "'");
}

/**
 * Sets a team's stored fields in the running server's database, as an admin
 * or the billing provider would (their screens and webhooks are tested apart).
 */
export async function setTeam(server: E2EServer, teamId: number, fields: Partial<Omit<TeamRow, 'id'>>): Promise<void> {
  const { db } = server.running;
  const { teams } = db.tables;
  await db.update(teams).set(fields).where(eq(teams.id, teamId));
}

/** Moves every invitation of a team to expire at the given time (the server's clock is real). */
export async function setInvitationsExpiry(server: E2EServer, teamId: number, expiresAt: Date): Promise<void> {
  const { db } = server.running;
  const { teamInvitations } = db.tables;
  await db.update(teamInvitations).set({ expiresAt }).where(eq(teamInvitations.teamId, teamId));
}
