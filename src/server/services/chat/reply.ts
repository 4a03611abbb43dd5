import type { ChatStreamEvent, Message } from '../../../shared/schemas/chat';
import { MINUTE_MS } from '../../../shared/limits';
import { expandQuickAction } from '../../../shared/quick-actions';
import { errorForLog, fail } from '../../errors';
import type { RateLimiter } from '../rate-limiter';
import type { Signals } from '../../database/signals';
import { ModelFailure, type AiProvider, type ModelFailureKind, type Passage, type SourceDocument } from '../ai';
import type { ConversationStore } from './conversations';
import type { UserRow } from '../../../../db/schema';
import type { CompiledStylebook } from '../../editor/stylebook/compile';
import { entriesFiredBy, entriesTouchedBy } from '../../editor/stylebook/findings';

/** Retrieval over the conversation's documents (the documents service). */
export interface PassageSource {
  passagesFor(userId: number, conversationId: number, query: string, limit: number): Passage[] | Promise<Passage[]>;
  /** The conversation's documents whole, oldest first: the sources its quotations are looked up in. */
  documentsFor?(userId: number, conversationId: number): SourceDocument[] | Promise<SourceDocument[]>;
}

export const SEND_RATE = { max: 30, windowMs: MINUTE_MS } as const;
/** Replies one user may have streaming at once (a few tabs), so one account cannot tie up the model. */
export const MAX_REPLIES_IN_FLIGHT = 3;
export const TOO_MANY_SENDS = 'You are sending messages too quickly. Please wait a moment and try again.';
export const TOO_MANY_REPLIES = 'You already have replies in progress. Wait for one to finish or stop it.';
export const CONVERSATION_DELETED = 'The conversation was deleted while the editor was answering.';

const HISTORY_TURNS = 50;
const PASSAGES_PER_REPLY = 6;
const RETRIEVAL_QUERY_CHARS = 2_000;
/** A reply that nobody starts reading gives its in-flight slot back after this long. */
const UNREAD_RELEASE_MS = 60_000;

/** Ends the replies to one of a user's conversations wherever they stream: Stop, or the conversation deleted. */
export interface ReplyStop {
  userId: number;
  conversationId: number;
}

export function parseReplyStop(raw: unknown): ReplyStop | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { userId, conversationId } = raw as Record<string, unknown>;
  return Number.isSafeInteger(userId) && Number.isSafeInteger(conversationId)
    ? { userId: userId as number, conversationId: conversationId as number }
    : null;
}

/** How long a drained reply that had to be stopped may take to save what it wrote. */
const STOPPED_SAVE_GRACE_MS = 5_000;

const FAILURE_STATUS: Record<ModelFailureKind, { code: 'BAD_GATEWAY' | 'SERVICE_UNAVAILABLE' | 'GATEWAY_TIMEOUT'; detail: string }> = {
  auth: { code: 'BAD_GATEWAY', detail: 'AI_AUTH' },
  'rate-limit': { code: 'SERVICE_UNAVAILABLE', detail: 'AI_RATE_LIMITED' },
  timeout: { code: 'GATEWAY_TIMEOUT', detail: 'AI_TIMEOUT' },
  failed: { code: 'BAD_GATEWAY', detail: 'AI_FAILED' },
};

/**
 * A reply being written. Iterate it once: text pieces, then both saved messages.
 * Leaving early (`return()`, the signal, `stop()`) aborts the model at once and
 * saves what arrived as `stopped`; a model failure saves it as `error` and throws
 * the failure's user message.
 */
export class ReplyStream implements AsyncIterable<ChatStreamEvent> {
  private readonly controller = new AbortController();
  private started = false;
  private settleUnderway = () => {};
  /**
   * Settles once the reply's request is on its way to the model, or the reply ended or stopped
   * before sending one. Only iterating the reply starts it.
   */
  readonly underway = new Promise<void>((resolve) => (this.settleUnderway = resolve));

  constructor(
    readonly userMessage: Message,
    /** The reply's events; calls `sent` once the model has the request. */
    private readonly produce: (signal: AbortSignal, sent: () => void) => AsyncGenerator<ChatStreamEvent>,
    /** Called when the reader leaves before asking for anything: the generator's body never runs. */
    private readonly abandon: () => void,
    signal?: AbortSignal,
  ) {
    if (signal?.aborted) this.stop();
    else signal?.addEventListener('abort', () => this.stop(), { once: true });
  }

  stop() {
    this.controller.abort();
    this.settleUnderway();
  }

  [Symbol.asyncIterator](): AsyncIterator<ChatStreamEvent> {
    if (this.started) throw new Error('a reply streams once');
    this.started = true;
    const generator = this.produce(this.controller.signal, () => this.settleUnderway());
    let asked = false;
    return {
      next: () => {
        asked = true;
        return generator.next();
      },
      // An async generator queues return() behind a pending next(); aborting first makes that next() settle now.
      return: (value?: unknown) => {
        this.stop();
        if (!asked) this.abandon();
        return generator.return(value as never);
      },
    };
  }
}

export interface ReplyDeps {
  store: ConversationStore;
  ai: AiProvider;
  limiter: RateLimiter;
  documents: () => PassageSource | undefined;
  /** Stops sent on any instance; each one ends the matching replies streaming here. */
  stops: Signals<ReplyStop>;
  /** The newsroom's stylebook the user's copy is checked against, if they keep one. */
  houseStyle?: HouseStyle;
  log: (line: string) => void;
}

/** What a reply needs of the stylebook service. */
export interface HouseStyle {
  compiledFor(user: UserRow): Promise<CompiledStylebook | undefined>;
  recordHits(entryIds: readonly number[]): Promise<void>;
}

interface LiveReply {
  userId: number;
  conversationId: number;
  reply: ReplyStream;
}

export function createReplies(d: ReplyDeps) {
  const live = new Set<LiveReply>();
  let whenIdle: Array<() => void> = [];
  const forget = (entry: LiveReply) => {
    live.delete(entry);
    if (live.size > 0) return;
    const waiting = whenIdle;
    whenIdle = [];
    waiting.forEach((resolve) => resolve());
  };
  const idle = () => (live.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => whenIdle.push(resolve)));
  const unlisten = d.stops.listen(({ userId, conversationId }) => {
    for (const entry of live) if (entry.userId === userId && entry.conversationId === conversationId) entry.reply.stop();
  });

  /** The stylebook's "fired" counts: a failure to count is the operator's, never the writer's. */
  async function countHouseHits(stylebook: CompiledStylebook, copy: string): Promise<void> {
    try {
      await d.houseStyle?.recordHits(entriesFiredBy(stylebook, copy));
    } catch (e) {
      d.log(`stylebook: could not count the entries a reply used: ${errorForLog(e)}`);
    }
  }

  const inFlight = new Map<number, number>();
  const release = (userId: number) => {
    const n = (inFlight.get(userId) ?? 1) - 1;
    if (n <= 0) inFlight.delete(userId);
    else inFlight.set(userId, n);
  };

  async function passages(userId: number, conversationId: number, query: string): Promise<Passage[]> {
    const source = d.documents();
    if (!source) return [];
    try {
      return await source.passagesFor(userId, conversationId, query.slice(0, RETRIEVAL_QUERY_CHARS), PASSAGES_PER_REPLY);
    } catch (e) {
      // Without passages the editor still answers; the failure is for the operator.
      d.log(`chat: passage retrieval failed for conversation ${conversationId}: ${e instanceof Error ? e.message : String(e)}`);
      return [];
    }
  }

  async function wholeDocuments(userId: number, conversationId: number): Promise<SourceDocument[]> {
    const source = d.documents();
    if (!source?.documentsFor) return [];
    try {
      return await source.documentsFor(userId, conversationId);
    } catch (e) {
      d.log(`chat: reading the documents of conversation ${conversationId} failed: ${e instanceof Error ? e.message : String(e)}`);
      return [];
    }
  }

  /**
   * Checks and saves the user's message, then returns the reply to stream. Throws
   * (before anything streams) 404 for a conversation that is not the caller's and
   * 429 when they send too fast or have too many replies running.
   */
  async function send(user: UserRow, input: { conversationId: number; content: string }, signal?: AbortSignal): Promise<ReplyStream> {
    const userId = user.id;
    const { conversationId, content } = input;
    const rateKey = `chat-send:${userId}`;
    // The checks and the save are one transaction: a refused send leaves no hit and no message.
    let slotTaken = false;
    let userMessage: Message;
    try {
      userMessage = await d.store.addUserMessage(userId, conversationId, content, async (tx) => {
        await d.limiter.takeIn(tx, [[rateKey, SEND_RATE]], TOO_MANY_SENDS);
        if ((inFlight.get(userId) ?? 0) >= MAX_REPLIES_IN_FLIGHT) fail('TOO_MANY_REQUESTS', TOO_MANY_REPLIES, { retryAfter: 1 });
        // The slot is taken with the checks, before the message is saved: sends at once must not all pass.
        inFlight.set(userId, (inFlight.get(userId) ?? 0) + 1);
        slotTaken = true;
      });
    } catch (e) {
      if (slotTaken) release(userId);
      throw e;
    }
    let released = false;
    const releaseOnce = () => {
      if (released) return;
      released = true;
      clearTimeout(unreadTimer);
      release(userId);
      forget(entry);
    };
    const unreadTimer = setTimeout(releaseOnce, UNREAD_RELEASE_MS);
    unreadTimer.unref();

    async function* produce(stop: AbortSignal, sent: () => void): AsyncGenerator<ChatStreamEvent> {
      clearTimeout(unreadTimer);
      let text = '';
      let failure: ModelFailure | null = null;
      let assistantMessage: Message | null;
      let stylebook: CompiledStylebook | undefined;
      try {
        const [turns, found, compiled] = await Promise.all([
          d.store.historyBefore(conversationId, userMessage.id, HISTORY_TURNS),
          passages(userId, conversationId, content),
          d.houseStyle?.compiledFor(user),
        ]);
        const history = turns.filter((t) => t.content.trim() !== '');
        stylebook = compiled;
        // Passages come back whenever the conversation has a document: only then is there a source to read.
        const documents = found.length ? await wholeDocuments(userId, conversationId) : [];
        // A quick action is stored as its name; the editor answers its full prompt.
        const message = expandQuickAction(content, { hasMessages: history.length > 0 });
        const house = stylebook
          ? entriesTouchedBy(stylebook, [message, ...history.map((t) => t.content), ...found.map((p) => p.content)].join('\n\n'))
          : [];
        for await (const piece of d.ai.stream({ history, message, passages: found, documents, signal: stop, stylebook: house, sent })) {
          // A provider that never says its request went out has surely sent it by its first piece.
          sent();
          text += piece;
          yield { type: 'delta', text: piece };
        }
      } catch (e) {
        if (!stop.aborted) {
          failure = e instanceof ModelFailure ? e : new ModelFailure('failed', errorForLog(e));
        }
      } finally {
        sent();
        // Runs also when the reader leaves at a `yield`: what arrived is kept, marked as stopped.
        const status = failure ? 'error' : stop.aborted ? 'stopped' : 'complete';
        try {
          assistantMessage = await d.store.addAssistantMessage(userId, conversationId, text, status);
        } finally {
          releaseOnce();
        }
        if (failure) d.log(`ai: reply failed in conversation ${conversationId} (${failure.kind}): ${failure.detail}`);
      }
      if (stylebook && !failure && !stop.aborted) await countHouseHits(stylebook, content);
      if (failure) {
        const { code, detail } = FAILURE_STATUS[failure.kind];
        fail(code, failure.message, { code: detail });
      }
      if (!assistantMessage) fail('NOT_FOUND', CONVERSATION_DELETED);
      yield { type: 'done', userMessage, assistantMessage };
    }

    const entry: LiveReply = { userId, conversationId, reply: new ReplyStream(userMessage, produce, releaseOnce, signal) };
    live.add(entry);
    return entry.reply;
  }

  /**
   * For a graceful shutdown: resolves once every reply streaming here has finished and been saved.
   * Replies still running after `timeoutMs` are stopped, and kept as stopped, rather than cut off.
   */
  async function drain(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
    try {
      if ((await Promise.race([idle(), late])) !== 'late') return;
      d.log(`chat: stopping ${live.size} ${live.size === 1 ? 'reply' : 'replies'} still running at shutdown`);
      for (const entry of live) entry.reply.stop();
      const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOPPED_SAVE_GRACE_MS)));
      await Promise.race([idle(), grace]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    send,
    drain,
    close: unlisten,
    inFlight: (userId: number) => inFlight.get(userId) ?? 0,
    streaming: () => live.size,
  };
}
