import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { teams } from '../../../../db/schema';
import { extractLink } from '../../../../tests/support/smtp-sink';
import type { TestApp } from '../../test-app';

/** Stands in for the admin console and team billing, which set a team's status in production. */
export function setTeamStatus(t: TestApp, teamId: number, subscriptionStatus: 'active' | 'suspended' | 'inactive') {
  t.db.update(teams).set({ subscriptionStatus }).where(eq(teams.id, teamId)).run();
}

/** Every message the outbox holds for `address`, decoded enough to read its text and link. */
export function outboxMailTo(t: TestApp, address: string): string[] {
  const dir = path.join(t.config.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((raw) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw))
    .map((raw) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
}

/** The token of the invitation link in a message. */
export function invitationToken(raw: string): string {
  return new URL(extractLink(raw, '/accept-invitation?token=')).searchParams.get('token')!;
}

export const tokenOfUrl = (inviteUrl: string) => new URL(inviteUrl).searchParams.get('token')!;
