import net from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { OPENAI_TEST_KEY, startFakeOpenAi, type FakeOpenAiServer } from '../../../../tests/support/openai-server';
import { stopEditor } from '../../editor';
import { BRIDGE, BRIDGE_TRANSCRIPT } from '../../editor/respond/test-stories';
import { createOpenAiProvider } from './openai';
import { NEWS_EDITOR_PROMPT } from './prompt';
import { ModelFailure, MODEL_FAILURE_MESSAGES, type ModelRequest } from './types';

let fake: FakeOpenAiServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});
afterAll(() => stopEditor());

const STORY =
  'The mayor said the new stadium will be completed by next spring, according to sources. ' +
  'Officials said the project will cost roughly 500 million dollars and create many jobs for local residents. ' +
  'Critics said the deal was rushed through the council without a public hearing on Tuesday.';

const COURT_STORY =
  'MARLOW — Dana Reyes, 34, of Marlow was charged Tuesday with second-degree murder in the death of her neighbor, police said. ' +
  'She is being held without bail at the county jail.\n\n' +
  '"We will not rest until the family gets answers," Police Chief Tom Alvarez said at a news conference.';

function request(o: Partial<ModelRequest> = {}): ModelRequest {
  return { history: [], message: 'Write a headline for this.', passages: [], signal: new AbortController().signal, ...o };
}

/** Reads the stream to its end: the text received and the failure, if any. */
async function read(stream: AsyncIterable<string>) {
  let text = '';
  try {
    for await (const piece of stream) text += piece;
  } catch (e) {
    if (e instanceof ModelFailure) return { text, failure: e };
    throw e;
  }
  return { text, failure: undefined };
}

describe('OpenAI-compatible provider (against a local Chat Completions double)', () => {
  it('streams the model’s tokens and sends only portable parameters', async () => {
    fake = await startFakeOpenAi({ tokens: ['Council', ' backs', ' $4.2M', ' road', ' plan'] });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url, model: 'llama3.1' });
    const { text, failure } = await read(ai.stream(request()));
    expect(failure).toBeUndefined();
    expect(text).toBe('Council backs $4.2M road plan');
    const [call] = fake.requests;
    expect(call!.authorization).toBe(`Bearer ${OPENAI_TEST_KEY}`);
    expect(Object.keys(call!.body).sort()).toEqual(['messages', 'model', 'stream']);
    expect(call!.body).toMatchObject({ model: 'llama3.1', stream: true });
    expect(ai.assistantId).toBe('openai:llama3.1');
  });

  it('says the request is on its way to the model before the first token', async () => {
    fake = await startFakeOpenAi({ tokens: ['Council', ' backs'] });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    const order: string[] = [];
    for await (const piece of ai.stream(request({ sent: () => order.push('sent') }))) order.push(piece);
    expect(order).toEqual(['sent', 'Council', ' backs']);
    expect(fake.requests).toHaveLength(1);
  });

  it('gives the model the editor’s brief, the engine’s findings, the passages and the conversation', async () => {
    fake = await startFakeOpenAi();
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    await read(
      ai.stream(
        request({
          history: [
            { role: 'user', content: 'Hi' },
            { role: 'assistant', content: 'Hello! Paste your story.' },
          ],
          message: STORY,
          passages: [{ documentId: 3, filename: 'council-minutes.pdf', content: 'The council approved the stadium 5-4.' }],
        }),
      ),
    );
    const messages = fake.requests[0]!.body.messages!;
    expect(fake.requests[0]!.body.model).toBe('gpt-4o-mini');
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const system = messages[0]!.content;
    expect(system.startsWith(NEWS_EDITOR_PROMPT)).toBe(true);
    // Findings from the embedded engine: the vague attribution in the story.
    expect(system).toMatch(/Findings \(\d+\)/);
    expect(system).toContain('according to sources');
    expect(system).toContain('[1] council-minutes.pdf:\nThe council approved the stadium 5-4.');
    expect(messages[3]).toEqual({ role: 'user', content: STORY });
  });

  it('works with a server that takes no key (Ollama, llama.cpp)', async () => {
    fake = await startFakeOpenAi({ apiKey: null, tokens: ['ok'] });
    const ai = createOpenAiProvider({ baseUrl: fake.url, model: 'qwen2.5' });
    expect(await read(ai.stream(request()))).toEqual({ text: 'ok', failure: undefined });
  });

  it('maps a rejected key to a clear message that never shows the key', async () => {
    fake = await startFakeOpenAi();
    const ai = createOpenAiProvider({ apiKey: 'sk-wrong-secret-key', baseUrl: fake.url });
    const { failure } = await read(ai.stream(request()));
    expect(failure?.kind).toBe('auth');
    expect(failure?.message).toBe('The AI model rejected the API key. Check OPENAI_API_KEY.');
    expect(`${failure?.message} ${failure?.detail}`).not.toContain('sk-wrong');
  });

  it('maps a rate limit to a busy message and does not hammer the model with retries', async () => {
    fake = await startFakeOpenAi({ status: 429 });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    const { failure } = await read(ai.stream(request()));
    expect(failure?.message).toBe(MODEL_FAILURE_MESSAGES['rate-limit']);
    expect(fake.requests).toHaveLength(1);
  });

  it('maps a server error to a failure message', async () => {
    fake = await startFakeOpenAi({ status: 500 });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    const { failure } = await read(ai.stream(request()));
    expect(failure).toMatchObject({ kind: 'failed', message: MODEL_FAILURE_MESSAGES.failed, detail: 'HTTP 500' });
  });

  it('keeps what arrived when the stream breaks off, and reports the failure', async () => {
    fake = await startFakeOpenAi({ tokens: ['One', ' two', ' three', ' four'], failAfterTokens: 2, failMode: 'destroy' });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    const { text, failure } = await read(ai.stream(request()));
    expect(text).toBe('One two');
    expect(failure?.kind).toBe('failed');
  });

  it('reports an error object sent mid-stream', async () => {
    fake = await startFakeOpenAi({ tokens: ['One', ' two', ' three'], failAfterTokens: 1, failMode: 'error-event' });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    const { text, failure } = await read(ai.stream(request()));
    expect(text).toBe('One');
    expect(failure?.kind).toBe('failed');
  });

  it('a silent model times out with a clear message', async () => {
    fake = await startFakeOpenAi({ hang: true });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url, timeoutMs: 200 });
    const { failure } = await read(ai.stream(request()));
    expect(failure?.message).toBe('The AI model did not answer in time. Try again in a moment.');
    await fake.clientLeft(0);
  });

  it('a model nobody listens on reads as not answering', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: `http://127.0.0.1:${port}/v1` });
    const { failure } = await read(ai.stream(request()));
    expect(failure?.kind).toBe('timeout');
    expect(failure?.detail).toMatch(/connection failed/);
  });

  it('stopping ends the upstream request: the model sees its client leave, and the stream just ends', async () => {
    fake = await startFakeOpenAi({ tokens: Array.from({ length: 1000 }, (_, i) => ` w${i}`), tokenIntervalMs: 20 });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    const stop = new AbortController();
    let text = '';
    for await (const piece of ai.stream(request({ signal: stop.signal }))) {
      text += piece;
      if (text.split(' ').length > 3) stop.abort();
    }
    await fake.clientLeft(0);
    expect(fake.requests[0]!.finishedAt).toBeUndefined();
    expect(fake.requests[0]!.tokensSent).toBeLessThan(1000);
    expect(text.startsWith(' w0 w1 w2')).toBe(true);
  });

  it('a reader that stops reading ends the upstream request too', async () => {
    fake = await startFakeOpenAi({ tokens: Array.from({ length: 1000 }, (_, i) => ` w${i}`), tokenIntervalMs: 20 });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    for await (const piece of ai.stream(request())) {
      if (piece === ' w2') break;
    }
    await fake.clientLeft(0);
    expect(fake.requests[0]!.finishedAt).toBeUndefined();
  });

  it('puts back the writer’s words in a quotation the model changed in its revised text, and says so at the end', async () => {
    const answer = [
      'Lead with the charge; the news conference adds nothing.\n\n### Revised text\n\n',
      COURT_STORY.split('\n\n')[0]!,
      '\n\n“We won’t rest until the family has',
      ' answers,” Police Chief',
      ' Tom Alvarez said.\n\n',
      '### Edits\n\n- Cut "at a news conference".\n',
    ];
    fake = await startFakeOpenAi({ tokens: answer.flatMap((part) => part.match(/\S*\s*/g)!.filter(Boolean)) });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    const { text, failure } = await read(ai.stream(request({ message: `Tighten this:\n\n${COURT_STORY}` })));
    expect(failure).toBeUndefined();
    const [reply, note] = text.split('\n\n---\n\n');
    expect(reply).toContain('\n\n“We will not rest until the family gets answers,” Police Chief Tom Alvarez said.\n\n');
    expect(reply).not.toContain('won’t');
    expect(note).toBe(
      '**Copydesk checked this answer against your copy:**\n\n' +
        '- **Quote restored.** The model changed your quotation “We will not rest until the family gets answers” to “We won’t rest until the family has answers”; the revised text above keeps your copy’s words.\n',
    );
  });

  it('tells the model the house rules the copy touches, and checks its revised text against them', async () => {
    const stylebook = [
      {
        id: 7,
        type: 'prefer' as const,
        term: 'Wilkes-Barre',
        variants: ['Wilkes Barre'],
        replacement: '',
        note: 'The city is hyphenated.',
        caseSensitive: false,
      },
      { id: 8, type: 'avoid' as const, term: 'slammed', variants: [], replacement: 'criticized', note: '', caseSensitive: false },
    ];
    const story = 'Officials in Wilkes Barre slammed the plan Tuesday. "Wilkes Barre deserves better," Mayor Ann Cole said.';
    fake = await startFakeOpenAi({
      tokens: [
        '### Revised text\n\n',
        'Officials in Wilkes Barre criticized the plan Tuesday.',
        ' "Wilkes Barre deserves better," Mayor Ann Cole said.\n',
      ],
    });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    const { text } = await read(ai.stream(request({ message: `Edit this:\n\n${story}`, stylebook })));
    const system = fake.requests[0]!.body.messages![0]!.content;
    expect(system).toContain('- Write "Wilkes-Barre", not "Wilkes Barre". The city is hyphenated.');
    expect(system).toContain('- Avoid "slammed"; write "criticized".');
    const note = text.split('\n\n---\n\n')[1]!;
    expect(note.match(/House style in the revised text/g)).toHaveLength(1);
    expect(note).toContain('House style: “Wilkes-Barre”, not “Wilkes Barre”. The city is hyphenated.');
  });

  it('calls out a quotation the model invented for the writer’s copy', async () => {
    fake = await startFakeOpenAi({
      tokens: ['Here is the tightened story:\n\n', COURT_STORY.split('\n\n')[0]!, ' "Justice will', ' be served," Alvarez', ' added.\n'],
    });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    const { text } = await read(ai.stream(request({ message: `Tighten this:\n\n${COURT_STORY}` })));
    expect(text).toContain(' "Justice will be served," Alvarez added.\n');
    expect(
      text.endsWith(
        '\n\n- **Quote not in your copy.** “Justice will be served” appears nowhere in what you sent. Confirm it with the source or cut it.\n',
      ),
    ).toBe(true);
  });

  it('shows the legal findings on the model’s revised text: “the killer” for someone only charged', async () => {
    fake = await startFakeOpenAi({
      tokens: [
        '### Revised text\n\n',
        'Dana Reyes, 34, was charged Tuesday with murder, police said.',
        ' The killer is held',
        ' without bail.\n',
      ],
    });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    const { text } = await read(ai.stream(request({ message: `Tighten this:\n\n${COURT_STORY}` })));
    expect(text.split('\n\n---\n\n')[1]).toBe(
      '**Copydesk checked this answer against your copy:**\n\n' +
        '- **Legal risk in the revised text.** "The killer" declares guilt before a conviction. Use "the suspect", "the defendant" or the name.\n',
    );
  });

  it('adds nothing to an answer that keeps the writer’s quotes and has no legal problem', async () => {
    const tokens = [
      '### Revised text\n\n',
      'Reyes is held without bail.',
      ' “We will not rest until the family gets answers,”',
      ' Alvarez said.\n',
    ];
    fake = await startFakeOpenAi({ tokens });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    expect(await read(ai.stream(request({ message: `Tighten this:\n\n${COURT_STORY}` })))).toEqual({
      text: tokens.join(''),
      failure: undefined,
    });
  });

  it('looks the writer’s quotations up in the conversation’s documents and notes what it found after the answer', async () => {
    const tokens = ['Strong lede.', ' Cut the last line.\n'];
    fake = await startFakeOpenAi({ tokens });
    const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
    const documents = [{ documentId: 1, filename: 'ortiz-interview.txt', text: BRIDGE_TRANSCRIPT }];
    const { text } = await read(ai.stream(request({ message: `What do you think?\n\n${BRIDGE}`, documents })));
    const [reply, note] = text.split('\n\n---\n\n');
    expect(reply).toBe(tokens.join(''));
    expect(note).toContain('**Copydesk looked up your quotations in your sources:**');
    expect(note).toContain('I looked up 3 quotations in **ortiz-interview.txt**: 1 word for word, 1 altered, 1 not found.');
    expect(note).toContain('We have waited ~~a decade~~ **ten years** for this bridge');
    expect(note).toContain('❌ **Not found:** “The state has promised to cover half of the cost”');
    // Without documents the answer is the model's alone.
    expect((await read(ai.stream(request({ message: `What do you think?\n\n${BRIDGE}` })))).text).toBe(tokens.join(''));
  });

  it('describes itself without the key', () => {
    const ai = createOpenAiProvider({ apiKey: 'sk-live-very-secret', baseUrl: 'http://localhost:11434/v1/', model: 'llama3.1' });
    expect(ai.describe()).toBe('ai: OpenAI-compatible model llama3.1 at http://localhost:11434/v1 (API key set)');
    expect(ai.describe()).not.toContain('sk-live');
  });
});

const LIBRARY_STORY =
  'SPRINGFIELD — The City Council voted 5-2 on Tuesday to approve an $8 million renovation of the Carnegie Library, which opened in 1964.\n\n' +
  'Mayor Ellen Ortiz said property taxes would not increase under the plan.\n\n' +
  '"We promised this renovation a decade ago, and now we can finally deliver it," library director Susan Park said.';
const LEDE = 'The City Council voted 5-2 Tuesday to approve an $8 million renovation of the Carnegie Library, which opened in 1964.';
const MISQUOTE = '"We promised this renovation ten years ago, and now we can finally deliver it," library director Susan Park said.';
const RESTORED = '"We promised this renovation a decade ago, and now we can finally deliver it," library director Susan Park said.';
const REVERSED =
  '- **Meaning reversed.** The revised text says “taxes will rise”; your copy says “property taxes would not increase”. Check it before you use it.';
const NEW_FIGURE =
  '- **Figure not in your copy.** The revised text says “$12 million”; your copy has no such figure. Check it before you use it.';
const QUOTE_RESTORED =
  '- **Quote restored.** The model changed your quotation “We promised this renovation a decade ago, and now we can finally deliver it” to “We promised this renovation ten years ago, and now we can finally deliver it”; the revised text above keeps your copy’s words.';

/** Streams the answer word by word from the double and reads the reply: what was shown above the note, and the note. */
async function checkedAnswer(answer: string) {
  fake = await startFakeOpenAi({ tokens: answer.match(/\S*\s*/g)!.filter(Boolean) });
  const ai = createOpenAiProvider({ apiKey: OPENAI_TEST_KEY, baseUrl: fake.url });
  const { text, failure } = await read(ai.stream(request({ message: `Tighten this:\n\n${LIBRARY_STORY}` })));
  expect(failure).toBeUndefined();
  const [reply, note] = text.split('\n\n---\n\n**Copydesk checked this answer against your copy:**\n\n');
  return { reply: reply!, notes: note?.trimEnd().split('\n') ?? [] };
}

describe('OpenAI-compatible provider: the revised copy checked whatever shape the answer takes', () => {
  const shapes: Array<[string, string, string[]]> = [
    [
      'no label at all',
      `${LEDE}\n\nMayor Ellen Ortiz said taxes will rise under the plan.\n\n${MISQUOTE}\n\nI cut the dash and tightened the lede.\n`,
      [QUOTE_RESTORED, REVERSED],
    ],
    [
      '“Here’s a tighter version:”',
      `Here's a tighter version:\n\n${LEDE.replace('$8 million', '$12 million')}\n\n${MISQUOTE}\n`,
      [QUOTE_RESTORED, NEW_FIGURE],
    ],
    [
      'a Markdown heading, with notes that quote the model’s own words',
      `## Tightened story\n\n${LEDE}\n\nMayor Ellen Ortiz said taxes will rise under the plan.\n\n${MISQUOTE}\n\n## Why\n\n- The lede reads "cleaner" now.\n`,
      [QUOTE_RESTORED, REVERSED],
    ],
    [
      'a bulleted answer',
      `Here's a tighter version:\n\n- ${LEDE}\n- Mayor Ellen Ortiz said taxes will rise under the plan.\n- ${MISQUOTE}\n`,
      [QUOTE_RESTORED, REVERSED],
    ],
    [
      'a fenced block, with a new name and a new day',
      `Tighter, below.\n\n\`\`\`\n${LEDE.replace('Tuesday', 'Wednesday')} Council member Jane Ruiz voted no.\n\n${MISQUOTE}\n\`\`\`\n`,
      [
        QUOTE_RESTORED,
        '- **Date not in your copy.** The revised text says “Wednesday”; your copy does not. Check it before you use it.',
        '- **Name not in your copy.** The revised text names “Jane Ruiz”; your copy does not. Check it before you use it.',
      ],
    ],
  ];

  it.each(shapes)('%s: the quotation restored as it streams, the unsupported fact called out', async (_shape, answer, expected) => {
    const { reply, notes } = await checkedAnswer(answer);
    expect(reply).toContain(RESTORED);
    expect(reply).not.toContain('ten years ago');
    expect(notes).toEqual(expected);
  });

  it('adds nothing to an unlabelled answer that only restates the writer’s facts and quotes', async () => {
    const answer =
      `${LEDE}\n\nOrtiz said property taxes would not increase under the plan.\n\n${RESTORED}\n\n` +
      'I moved the vote into the lede and cut the dateline.\n';
    const { reply, notes } = await checkedAnswer(answer);
    expect(reply).toBe(answer);
    expect(notes).toEqual([]);
  });
});
