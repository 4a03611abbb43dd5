import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ChatStreamEvent, Message } from '../../shared/schemas/chat';
import { ReplyStream } from '../services/chat/reply';
import { replyResponse } from './sse-reply';
import { parseSse } from '../services/chat/test-support';

const userMessage: Message = {
  id: 1,
  conversationId: 1,
  role: 'user',
  content: 'Headline?',
  status: 'complete',
  createdAt: '2026-11-30T09:00:00.000Z',
};

/** A reply whose model request goes out only when `send()` is called, then streams one piece. */
function heldReply() {
  let send = () => {};
  let began = () => {};
  const beganPromise = new Promise<void>((resolve) => (began = resolve));
  const sendable = new Promise<void>((resolve) => (send = resolve));
  async function* produce(_stop: AbortSignal, sent: () => void): AsyncGenerator<ChatStreamEvent> {
    began();
    await sendable;
    sent();
    yield { type: 'delta', text: 'Council backs road plan' };
  }
  return { reply: new ReplyStream(userMessage, produce, () => {}), began: beganPromise, send: () => send() };
}

/** An app answering POST /reply with the reply, as the REST row does. */
function appFor(reply: ReplyStream) {
  return new Hono().post('/reply', async (c) => {
    const answer = await replyResponse(reply, c);
    return answer instanceof Response ? answer : c.json(answer);
  });
}

const ask = (app: Hono): Promise<Response> =>
  Promise.resolve(app.request('/reply', { method: 'POST', headers: { accept: 'text/event-stream' } }));

const turns = (n: number) =>
  Array.from({ length: n }).reduce<Promise<void>>((p) => p.then(() => new Promise((r) => setImmediate(r))), Promise.resolve());

describe('the REST answer to a sent message', () => {
  it('sends the stream’s headers only once the model has the request', async () => {
    const held = heldReply();
    const app = appFor(held.reply);
    let answered = false;
    const answer = ask(app).then((res) => {
      answered = true;
      return res;
    });
    await held.began;
    await turns(5);
    expect(answered).toBe(false);

    held.send();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(parseSse(await res.text())[0]).toMatchObject({ event: 'delta', data: { text: 'Council backs road plan' } });
  });

  it('answers at once when the reply stops before it reaches the model', async () => {
    const held = heldReply();
    const app = appFor(held.reply);
    const answer = ask(app);
    await held.began;
    held.reply.stop();
    expect((await answer).status).toBe(200);
  });
});
