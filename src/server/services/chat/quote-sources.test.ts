import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { stopEditor } from '../../editor';
import { BRIDGE, BRIDGE_TRANSCRIPT } from '../../editor/respond/test-stories';
import { fileOf } from '../documents/test-support';
import { createTestApp, type TestApp } from '../../test-app';
import { collect, subscriber } from './test-support';

let t: TestApp;
afterEach(() => t?.close());
afterAll(() => stopEditor());

async function conversation() {
  t = createTestApp();
  const { api } = await subscriber(t, 'mariana');
  const { id } = await api.chat.create();
  const ask = async (content: string) => {
    const reply = await collect(await api.chat.send({ conversationId: id, content }));
    expect(reply.error).toBeUndefined();
    return reply.text;
  };
  return { api, id, ask };
}

describe('chat: quotes against the conversation’s documents', () => {
  it('looks each quotation of a pasted story up in an uploaded transcript', async () => {
    const { api, id, ask } = await conversation();
    await api.documents.upload({ conversationId: id, file: fileOf('ortiz-interview.txt', BRIDGE_TRANSCRIPT) });
    const reply = await ask(BRIDGE);
    expect(reply).toContain('### Quotes against your sources');
    expect(reply).toContain('I looked up 3 quotations in **ortiz-interview.txt**: 1 word for word, 1 altered, 1 not found.');
    expect(reply).toContain('is in **ortiz-interview.txt**, line 6.');
    expect(reply).toContain('We have waited ~~a decade~~ **ten years** for this bridge');
    expect(reply).toContain('❌ **Not found:** “The state has promised to cover half of the cost”');
  });

  it('reads the whole transcript, not only the passages retrieved for the message', async () => {
    const { api, id, ask } = await conversation();
    // Pages of talk on the story's subject before the answers quoted: retrieval ranks them first.
    const filler = Array.from(
      { length: 150 },
      (_, i) =>
        `Q${i + 1}: Mayor Ortiz, the Mill Street bridge in Eastfield has been closed since the flood in 2019. Will crews rebuild it in May?`,
    ).join('\n\n');
    await api.documents.upload({ conversationId: id, file: fileOf('ortiz-interview.txt', `${filler}\n\n${BRIDGE_TRANSCRIPT}`) });
    const reply = await ask(BRIDGE);
    expect(reply).toContain('1 word for word, 1 altered, 1 not found.');
  });

  it('reviews an uploaded story against the documents uploaded before it, and not against itself', async () => {
    const { api, id } = await conversation();
    await api.documents.upload({ conversationId: id, file: fileOf('ortiz-interview.txt', BRIDGE_TRANSCRIPT) });
    const { review } = await api.documents.upload({ conversationId: id, file: fileOf('bridge-story.txt', BRIDGE) });
    expect(review).toContain('Working on **bridge-story.txt**.');
    expect(review).toContain('I looked up 3 quotations in **ortiz-interview.txt**: 1 word for word, 1 altered, 1 not found.');
  });

  it('adds nothing when the conversation has no document', async () => {
    const { ask } = await conversation();
    expect(await ask(BRIDGE)).not.toContain('Quotes against your sources');
  });
});
