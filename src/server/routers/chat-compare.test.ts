import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { quickActionPrompt } from '../../shared/quick-actions';
import { stopEditor } from '../editor';
import { collect, failure, subscriber } from '../services/chat/test-support';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
afterEach(() => t?.close());
afterAll(() => stopEditor());

const COPY =
  'The Velden County Board met on Tuesday in order to vote on the budget. ' +
  'Commissioner Ruth Abernathy said the county received more than 300 comments at this point in time.';

describe('chat.compare: the side-by-side view of a revision', () => {
  it('diffs the copy against the revised text, linking changes to their rules', async () => {
    t = createTestApp();
    const { api } = await subscriber(t, 'mariana');
    const { id: conversationId } = await api.chat.create();
    const reply = await collect(
      await api.chat.send({ conversationId, content: quickActionPrompt('concise', { hasMessages: false, copy: COPY }) }),
    );
    const assistant = reply.done!.assistantMessage;

    const comparison = await api.chat.compare({ conversationId, messageId: assistant.id });

    expect(comparison).not.toBeNull();
    expect(comparison!.before).toBe(COPY);
    expect(comparison!.after).not.toBe(COPY);
    expect(comparison!.after).toContain('met on Tuesday to vote');
    expect(comparison!.ops.some((op) => op.type !== 'equal')).toBe(true);
    expect(comparison!.summary.some((s) => s.ruleId === 'clarity/wordy-phrases')).toBe(true);
  });

  it('answers null for a message without a revision and 404 for another user’s message', async () => {
    t = createTestApp();
    const owner = await subscriber(t, 'mariana');
    const stranger = await subscriber(t, 'olusegun');
    const { id: conversationId } = await owner.api.chat.create();
    const reply = await collect(await owner.api.chat.send({ conversationId, content: 'Write headlines for this: ' + COPY }));

    expect(await owner.api.chat.compare({ conversationId, messageId: reply.done!.userMessage.id })).toBeNull();
    expect(await failure(stranger.api.chat.compare({ conversationId, messageId: reply.done!.assistantMessage.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
