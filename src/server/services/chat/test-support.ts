import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { ChatStreamEvent, Message } from '../../../shared/schemas/chat';
import { errorDetails } from '../../errors';
import { createAccessService } from '../access';
import { trpcError, type TestApp } from '../../test-app';
import { post, registerUser } from '../../test-http';
import { publicMessage } from '../../trpc/init';

/** Registers a user and starts their trial through the API, as a new subscriber would. */
export async function subscriber(t: TestApp, username: string) {
  const token = await registerUser(t, username);
  const res = await post(t, '/api/create-subscription', {}, { token });
  if (res.status !== 200) throw new Error(`create-subscription ${res.status}: ${await res.text()}`);
  return member(t, username, token);
}

/** Registers a user without a subscription. */
export async function visitor(t: TestApp, username: string) {
  return member(t, username, await registerUser(t, username));
}

async function member(t: TestApp, username: string, token: string) {
  const user = (await t.services.users.findByEmail(`${username}@news.example`))!;
  return { token, userId: user.id, api: t.caller({ token }).api };
}

/**
 * Puts the user in a team whose plan is suspended. Teams are another capability;
 * until it lands, the access service's team lookup is the seam it plugs into.
 */
export async function inSuspendedTeam(t: TestApp, userId: number, teamName: string) {
  const { users } = t.db.tables;
  await t.db.update(users).set({ teamId: 77, subscriptionStatus: 'inactive' }).where(eq(users.id, userId));
  t.services.access = createAccessService(async (id) => (id === 77 ? { name: teamName, subscriptionStatus: 'suspended' } : undefined));
}

export interface Collected {
  deltas: string[];
  text: string;
  done?: { userMessage: Message; assistantMessage: Message };
  error?: TRPCError;
}

/** Reads a reply to its end (or to its error), the way a client would. */
export async function collect(
  stream: AsyncIterable<ChatStreamEvent>,
  stopAfterDeltas?: { count: number; stop: () => void },
): Promise<Collected> {
  const out: Collected = { deltas: [], text: '' };
  try {
    for await (const event of stream) {
      if (event.type === 'delta') {
        out.deltas.push(event.text);
        out.text += event.text;
        if (stopAfterDeltas && out.deltas.length === stopAfterDeltas.count) stopAfterDeltas.stop();
      } else out.done = { userMessage: event.userMessage, assistantMessage: event.assistantMessage };
    }
  } catch (e) {
    if (!(e instanceof TRPCError)) throw e;
    out.error = e;
  }
  return out;
}

/** The error a call fails with, as a client sees it. */
export async function failure(call: Promise<unknown>): Promise<{ code: string; message: string; details: Record<string, unknown> }> {
  const e = await trpcError(call);
  return { code: e.code, message: publicMessage(e), details: errorDetails(e) };
}

export interface SseEvent {
  event: string;
  data: unknown;
}

/** Parses a complete `text/event-stream` body into its events (comments and blank lines skipped). */
export function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon);
        fields.set(name, (fields.has(name) ? `${fields.get(name)}\n` : '') + line.slice(colon + 1).replace(/^ /, ''));
      }
      return { event: fields.get('event') ?? 'message', data: JSON.parse(fields.get('data') ?? 'null') as unknown };
    });
}
