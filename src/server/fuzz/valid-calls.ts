import type { RestRequest, RestRoute } from '../rest/shim';
import { PASSWORD, type Actor } from './server-under-test';
import { procedures } from './targets';

/** A call its schema accepts, sent as an actor allowed to make it: one spoiled string at a time then reaches the service behind it. */
export interface ValidCall {
  actor: Actor['name'];
  input: Record<string, unknown>;
}

/** Rows the fuzzed server holds for the calls to act on. */
export interface CallFixture {
  /** The subscriber's conversation. */
  conversationId: number;
  /** The subscriber's team, which it owns. */
  teamId: number;
  /** A user in no team, for the administrator to edit and give a team. */
  target: { id: number; username: string; email: string };
  memberEmail: string;
}

/** One valid call for every procedure whose input holds a string. */
export function validCalls(f: CallFixture): Record<string, ValidCall> {
  return {
    'auth.register': { actor: 'visitor', input: { username: 'fuzz-writer', email: 'fuzz-writer@news.example', password: PASSWORD } },
    'auth.login': { actor: 'visitor', input: { email: f.memberEmail, password: PASSWORD, rememberMe: false } },
    'auth.changePassword': { actor: 'member', input: { currentPassword: 'not-the-password-1', newPassword: 'deadline-8!' } },
    'auth.forgotPassword': { actor: 'visitor', input: { email: f.memberEmail } },
    'auth.resetPassword': { actor: 'visitor', input: { token: 'a1b2c3d4e5f6a1b2c3d4e5f6', newPassword: 'deadline-8!' } },
    'auth.verifyEmail': { actor: 'visitor', input: { token: 'a1b2c3d4e5f6a1b2c3d4e5f6' } },
    'chat.list': { actor: 'subscriber', input: { cursor: '1772442000000.1', limit: 10 } },
    'chat.create': { actor: 'subscriber', input: { title: 'Council budget' } },
    'chat.search': { actor: 'subscriber', input: { query: 'budget' } },
    'editor.analyze': { actor: 'subscriber', input: { text: 'The council voted 5-4 Tuesday to approve the budget.' } },
    'apiTokens.create': { actor: 'member', input: { name: 'CMS hook', scope: 'read', expiresInDays: 30 } },
    'apiTokens.revoke': { actor: 'member', input: { id: 'abcdefghijklmnop' } },
    'chat.send': { actor: 'subscriber', input: { conversationId: f.conversationId, content: 'Tighten this lede, please.' } },
    'subscription.validatePromoCode': { actor: 'member', input: { promoCode: 'SPRING' } },
    'subscription.create': { actor: 'member', input: { promoCode: 'SPRING' } },
    'subscription.webhook': { actor: 'visitor', input: { payload: '{"id":"evt_1"}', signature: 't=1,v1=00' } },
    'team.create': { actor: 'member', input: { name: 'Night Desk' } },
    'team.invite': { actor: 'subscriber', input: { email: 'fuzz-invitee@news.example' } },
    'team.invitationByToken': { actor: 'visitor', input: { token: 'a1b2c3d4e5f6' } },
    'team.acceptInvitation': { actor: 'member', input: { token: 'a1b2c3d4e5f6' } },
    'team.declineInvitation': { actor: 'member', input: { idOrToken: 'a1b2c3d4e5f6' } },
    'team.subscribe': { actor: 'subscriber', input: { promoCode: 'SPRING' } },
    'admin.users.list': { actor: 'admin', input: { search: 'fuzz', cursor: '99', limit: 10 } },
    'admin.users.ownerChoices': { actor: 'admin', input: { search: 'fuzz' } },
    'admin.users.create': {
      actor: 'admin',
      input: { username: 'fuzz-made', email: 'fuzz-made@news.example', password: PASSWORD, subscriptionPlan: 'Professional' },
    },
    'admin.users.update': {
      actor: 'admin',
      input: { id: f.target.id, username: f.target.username, email: f.target.email, subscriptionPlan: 'Professional' },
    },
    'admin.teams.list': { actor: 'admin', input: { search: 'desk', cursor: '99', limit: 10 } },
    'admin.teams.create': { actor: 'admin', input: { name: 'Weekend Desk', ownerId: f.target.id, maxSeats: 5 } },
    'admin.teams.update': { actor: 'admin', input: { id: f.teamId, name: 'Fuzz Desk', maxSeats: 5 } },
    'admin.teams.invite': { actor: 'admin', input: { id: f.teamId, email: 'fuzz-invitee@news.example' } },
    'admin.audit.list': { actor: 'admin', input: { cursor: '99', limit: 10 } },
    'admin.audit.csv': { actor: 'admin', input: { cursor: '99', limit: 10 } },
    'stylebook.list': { actor: 'member', input: { search: 'barre' } },
    'stylebook.create': {
      actor: 'member',
      input: { type: 'prefer', term: 'Wilkes-Barre', variants: ['Wilkes Barre'], note: 'Hyphenated.' },
    },
    'stylebook.update': {
      actor: 'member',
      input: { id: 1, entry: { type: 'avoid', term: 'slammed', replacement: 'criticized', note: 'Say what they did.' } },
    },
    'stylebook.import': {
      actor: 'member',
      input: { format: 'csv', content: 'type,term,variants,replacement,reason,case\navoid,slammed,,,,\n' },
    },
  };
}

const isZod = (v: unknown): v is { _zod: { def: Record<string, unknown> } } => typeof v === 'object' && v !== null && '_zod' in v;

function holdsString(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!isZod(schema) || seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def;
  if (def.type === 'string') return true;
  return Object.values(def).some((value) =>
    (Array.isArray(value) ? value : typeof value === 'object' && value !== null && !isZod(value) ? Object.values(value) : [value]).some(
      (v) => holdsString(v, seen),
    ),
  );
}

type ProcedureDef = { _def: { inputs: unknown[] } };

/** Every procedure path whose input schema holds a string somewhere: each needs a valid call. */
export function proceduresTakingStrings(router: { _def: { procedures: unknown } }): string[] {
  return Object.entries(router._def.procedures as Record<string, ProcedureDef>)
    .filter(([, p]) => p._def.inputs.some((input) => holdsString(input)))
    .map(([path]) => path);
}

export const procedureTypes = new Map(procedures.map((p) => [p.path, p.type]));

/** Where a REST row takes one input field from. */
export type RestSource = { from: 'body' | 'query' | 'params'; key: string };

export interface RestShape {
  procedure: string;
  /** Input field → the part of the request it is read from; fields the row fills itself are absent. */
  sources: Record<string, RestSource>;
}

const MARK = '\u{f0000}';
class Recorded extends Error {}

/**
 * Which procedure a REST row calls and where in the request each input field comes from, found by
 * running the row against a request whose every body field, query key and path parameter names
 * itself. Rows that read the raw body (uploads, webhooks) or take no input have no shape.
 */
export async function restShape(route: RestRoute): Promise<RestShape | undefined> {
  if (route.rawBody) return undefined;
  const naming = (from: RestSource['from']) =>
    new Proxy({} as Record<string, string>, { get: (_, key) => (typeof key === 'string' ? `${MARK}${from}:${key}` : undefined) });
  let seen: { input: unknown } | undefined;
  const request = { params: naming('params'), query: naming('query'), body: naming('body'), header() {} } as unknown as RestRequest;
  await route
    .call((input) => {
      seen = { input };
      throw new Recorded();
    }, request)
    .catch((e: unknown) => {
      if (!(e instanceof Recorded)) throw e;
    });
  if (!seen) return undefined;
  const sources: Record<string, RestSource> = {};
  for (const [field, value] of Object.entries((seen.input ?? {}) as Record<string, unknown>)) {
    if (typeof value !== 'string' || !value.startsWith(MARK)) continue;
    const [from, key] = value.slice(MARK.length).split(/:(.*)/s) as [RestSource['from'], string];
    sources[field] = { from, key };
  }
  return Object.keys(sources).length ? { procedure: route.procedure, sources } : undefined;
}
