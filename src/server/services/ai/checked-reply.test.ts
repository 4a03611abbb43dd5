import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { OPENAI_TEST_KEY, startFakeOpenAi, type FakeOpenAiServer } from '../../../../tests/support/openai-server';
import { stopEditor } from '../../editor';
import { createTestApp, type TestApp } from '../../test-app';
import { collect, subscriber } from '../chat/test-support';

let t: TestApp | undefined;
let fake: FakeOpenAiServer | undefined;
afterEach(async () => {
  await t?.close();
  await fake?.close();
});
afterAll(() => stopEditor());

const STORY =
  'MARLOW — Dana Reyes, 34, of Marlow was charged Tuesday with second-degree murder in the death of her neighbor, police said.\n\n' +
  '"We will not rest until the family gets answers," Police Chief Tom Alvarez said at a news conference.';

describe('chat.send with a model: the checked answer', () => {
  it('streams the check’s note as the reply’s last part and saves it with the reply, the writer’s quote restored', async () => {
    fake = await startFakeOpenAi({
      tokens: [
        '### Revised text\n\n',
        'Dana Reyes, 34, was charged Tuesday with murder, police said. The killer is held without bail.\n\n',
        '"We will not rest until the family has answers,"',
        ' Alvarez said.\n',
      ],
    });
    t = createTestApp({ env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: OPENAI_TEST_KEY } });
    const { api } = await subscriber(t, 'mariana');
    const { id } = await api.chat.create();
    const reply = await collect(await api.chat.send({ conversationId: id, content: `Tighten this:\n\n${STORY}` }));

    expect(reply.error).toBeUndefined();
    expect(reply.deltas.at(-1)).toMatch(/^\n\n---\n\n\*\*Copydesk checked this answer against your copy:\*\*/);
    const saved = reply.done!.assistantMessage;
    expect(saved).toMatchObject({ content: reply.text, status: 'complete' });
    expect(saved.content).toContain('"We will not rest until the family gets answers," Alvarez said.');
    expect(saved.content).toContain('- **Quote restored.**');
    expect(saved.content).toContain('- **Legal risk in the revised text.** "The killer" declares guilt before a conviction.');
    const { messages } = await api.chat.get({ id });
    expect(messages.at(-1)!.content).toBe(saved.content);
  });

  it('checks an answer under a label it does not know: the altered quotation restored, the reversed fact called out, both saved', async () => {
    const story =
      'The City Council voted 5-2 on Tuesday to approve an $8 million renovation of the Carnegie Library.\n\n' +
      'Mayor Ellen Ortiz said property taxes would not increase under the plan.\n\n' +
      '"We promised this renovation a decade ago, and now we can finally deliver it," library director Susan Park said.';
    fake = await startFakeOpenAi({
      tokens: [
        'Here is a tighter version:\n\n',
        'The council voted 5-2 Tuesday to approve an $8 million renovation of the Carnegie Library. ',
        'Ortiz said taxes will rise under the plan.\n\n',
        '"We promised this renovation ten years',
        ' ago, and now we can finally deliver it," Park said.\n',
      ],
    });
    t = createTestApp({ env: { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: OPENAI_TEST_KEY } });
    const { api } = await subscriber(t, 'tomas');
    const { id } = await api.chat.create();
    const reply = await collect(await api.chat.send({ conversationId: id, content: `Tighten this:\n\n${story}` }));

    expect(reply.error).toBeUndefined();
    const saved = reply.done!.assistantMessage;
    expect(saved.content).toBe(reply.text);
    expect(saved.content).toContain('"We promised this renovation a decade ago, and now we can finally deliver it," Park said.');
    expect(saved.content.split('\n\n---\n\n')[0]).not.toContain('ten years');
    expect(saved.content).toContain(
      '- **Meaning reversed.** The revised text says “taxes will rise”; your copy says “property taxes would not increase”. Check it before you use it.',
    );
    const { messages } = await api.chat.get({ id });
    expect(messages.at(-1)!.content).toBe(saved.content);
  });
});
