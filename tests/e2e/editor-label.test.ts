import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAI_TEST_KEY, startFakeOpenAi, type FakeOpenAiServer } from '../support/openai-server';
import { launchBrowser, loginByApi, newAccount, newPage, PHONE, registerByApi, shows } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';
import { composer } from './support/chat';

/** Which editor answers, shown in the chat: the embedded engine, or a model (the local Chat Completions double) by name. */

let model: FakeOpenAiServer;
let withModel: E2EServer;
let embedded: E2EServer;
let browser: Browser;

beforeAll(async () => {
  model = await startFakeOpenAi();
  [withModel, embedded] = await Promise.all([
    startE2EServer({ env: { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: OPENAI_TEST_KEY, OPENAI_MODEL: 'llama3.2' } }),
    startE2EServer({ env: { AI_PROVIDER: 'embedded' } }),
  ]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([withModel?.close(), embedded?.close()]);
  await model?.close();
});

const editorName = (page: Page) => page.getByTestId('editor-name');

async function openChat(server: E2EServer, viewport?: typeof PHONE) {
  const account = newAccount('label');
  await registerByApi(server.url, account);
  await server.setSubscription(account.email, { subscriptionStatus: 'active', subscriptionPlan: 'professional' });
  const { context, page } = await newPage(browser, server.url, viewport);
  await loginByApi(context, server.url, account);
  await page.goto('/chat');
  await shows(composer(page));
  return { context, page };
}

const STORY =
  'MARLOW — Dana Reyes, 34, of Marlow was charged Tuesday with second-degree murder in the death of her neighbor, police said.\n\n' +
  '"We will not rest until the family gets answers," Police Chief Tom Alvarez said at a news conference.';

describe('the chat shows which editor answers', () => {
  it('names the model, and its checked answer shows the writer’s quote and the check’s note', async () => {
    model.behave({
      tokens: [
        '### Revised text\n\n',
        'Dana Reyes, 34, was charged Tuesday with murder, police said.\n\n',
        '"We won’t rest until the family has answers,"',
        ' Alvarez said.\n',
      ],
    });
    const { context, page } = await openChat(withModel);
    await shows(editorName(page).getByText('llama3.2', { exact: true }));
    expect(await editorName(page).textContent()).toBe('Editor: llama3.2');

    await composer(page).fill(`Tighten this:\n\n${STORY}`);
    await composer(page).press('Enter');
    const reply = page.locator('article[data-role="assistant"]').last();
    await shows(reply.getByText('Copydesk checked this answer against your copy:'));
    const text = await reply.innerText();
    expect(text).toContain('"We will not rest until the family gets answers," Alvarez said.');
    expect(text).toContain('Quote restored.');
    await context.close();
  });

  it('names the embedded engine when it answers, on a phone too', async () => {
    const { context, page } = await openChat(embedded, PHONE);
    await shows(editorName(page).getByText('Embedded editor', { exact: true }));
    expect(await editorName(page).textContent()).toBe('Editor: Embedded editor');
    await context.close();
  });
});
