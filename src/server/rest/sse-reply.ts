import { TRPCError } from '@trpc/server';
import type { Context as HonoContext } from 'hono';
import type { ChatStreamEvent, SendResult } from '../../shared/schemas/chat';
import { errorDetails } from '../errors';
import { publicMessage } from '../trpc/init';
import { ReplyStream } from '../services/chat/reply';

/** One Server-Sent Event: `event:` and a JSON `data:` line (JSON has no raw newlines). */
export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

const wantsEventStream = (c: HonoContext) => /\btext\/event-stream\b/i.test(c.req.header('accept') ?? '');

/**
 * The REST answer to a sent message: with `Accept: text/event-stream`, `delta`
 * events as the reply arrives, then one `done` (or `error`) event; otherwise the
 * finished `{userMessage, assistantMessage}`. A client that disconnects stops the reply.
 * The stream's headers go out once the model has the request: writing them first delayed the
 * model's first token (docs/decisions/058-the-model-first.md).
 */
export async function replyResponse(reply: AsyncIterable<ChatStreamEvent>, c: HonoContext): Promise<Response | SendResult> {
  const iterator = reply[Symbol.asyncIterator]();
  const leave = () => void iterator.return?.().catch(() => {});
  const signal = c.req.raw.signal;
  if (signal.aborted) leave();
  else signal.addEventListener('abort', leave, { once: true });

  if (!wantsEventStream(c)) {
    for (let step = await iterator.next(); !step.done; step = await iterator.next()) {
      if (step.value.type === 'done') return { userMessage: step.value.userMessage, assistantMessage: step.value.assistantMessage };
    }
    throw new TRPCError({ code: 'CLIENT_CLOSED_REQUEST', message: 'The reply was stopped' });
  }

  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let frame: string;
      let last = false;
      try {
        const step = await iterator.next();
        if (step.done) {
          controller.close();
          return;
        }
        const event = step.value;
        frame =
          event.type === 'delta'
            ? sseEvent('delta', { text: event.text })
            : sseEvent('done', { userMessage: event.userMessage, assistantMessage: event.assistantMessage });
      } catch (error) {
        const e = error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
        const { code } = errorDetails(e);
        frame = sseEvent('error', { message: publicMessage(e), ...(typeof code === 'string' ? { code } : {}) });
        last = true;
      }
      try {
        controller.enqueue(encoder.encode(frame));
        if (last) controller.close();
      } catch {
        // The reader left while this piece was on its way.
      }
    },
    cancel: leave,
  });
  // The stream pulls its first event at once, which starts the reply.
  if (reply instanceof ReplyStream) await reply.underway;
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
  });
}
