import { describe, expect, it } from 'vitest';
import { loginByApi, newAccount, newPage, registerByApi, shows, toasts } from './support/browser';
import { serverModelAndBrowser } from './support/suite';
import { composer, replies, userMessages } from './support/chat';

/**
 * The chat against an OpenAI-compatible model (the local Chat Completions
 * double), which streams as slowly as a test needs: the embedded engine answers
 * in well under a second, too fast to press Stop mid-reply reliably.
 */

const suite = serverModelAndBrowser();

async function openChat() {
  const account = newAccount('desk');
  await registerByApi(suite.server.url, account);
  await suite.server.setSubscription(account.email, { subscriptionStatus: 'active', subscriptionPlan: 'professional' });
  const { context, page } = await newPage(suite.browser, suite.server.url);
  await loginByApi(context, suite.server.url, account);
  await page.goto('/chat');
  await shows(composer(page));
  return { context, page };
}

const LONG_REPLY = Array.from({ length: 400 }, (_, i) => ` token${i}`);

describe('chat with a model', () => {
  it('shows the typing indicator until the first token, then streams the reply as it arrives', async () => {
    suite.model.behave({
      tokens: ['Tighten', ' the', ' lede', ' first', '.', ' ', 'Then', ' cut', ' the', ' adverbs.'],
      firstTokenMs: 1500,
      tokenIntervalMs: 150,
    });
    const { context, page } = await openChat();
    await shows(page.getByText(/powered by fake-editor/).first());
    await composer(page).fill('Please edit: The mayor said on Tuesday that the plan was very good and very important.');
    await composer(page).press('Enter');
    await shows(page.getByRole('status', { name: 'The editor is typing' }));
    // The composer is locked while the reply is written, with Stop in place of Send.
    expect(await composer(page).isDisabled()).toBe(true);
    await shows(page.getByRole('button', { name: 'Stop' }));
    // The focus waits on Stop while the box is locked, and returns to the box after.
    await expect.poll(() => page.getByRole('button', { name: 'Stop' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await shows(
      replies(page)
        .last()
        .getByText(/Tighten the lede/),
    );
    await expect.poll(() => replies(page).last().innerText()).toContain('Then cut the adverbs.');
    await shows(page.getByRole('button', { name: 'Send' }));
    expect(await composer(page).isDisabled()).toBe(false);
    await expect.poll(() => composer(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('stops a reply without an error and keeps what arrived, marked as stopped', async () => {
    suite.model.behave({ tokens: LONG_REPLY, firstTokenMs: 0, tokenIntervalMs: 40 });
    const { context, page } = await openChat();
    const calls = suite.model.requests.length;
    await composer(page).fill(
      'Please edit this long feature story about the harbour for length and clarity, keeping every quote as it is.',
    );
    await composer(page).press('Enter');
    await expect.poll(() => replies(page).last().innerText()).toContain('token5');

    await page.getByRole('button', { name: 'Stop' }).click();
    // The request to the model ends when the reply is stopped.
    await suite.model.clientLeft(calls);
    const reply = replies(page).last();
    await shows(reply.getByText('Stopped', { exact: true }));
    await shows(page.getByRole('button', { name: 'Send' }));
    expect(await toasts(page).getByText('Failed to send message').count()).toBe(0);
    const kept = await reply.innerText();
    expect(kept).toContain('token5');
    expect(kept).not.toContain('token399');

    // The partial reply was saved as stopped.
    await page.reload();
    await shows(replies(page).last().getByText('Stopped', { exact: true }));
    expect(await replies(page).last().innerText()).toContain('token5');
    expect(await userMessages(page).count()).toBe(1);
    await context.close();
  });

  it('says why when the model fails, and keeps the exchange with the failed reply marked', async () => {
    suite.model.behave({ status: 500, tokens: ['unused'], firstTokenMs: 0, tokenIntervalMs: 0 });
    try {
      const { context, page } = await openChat();
      await composer(page).fill('Please edit: The council met on Tuesday to discuss the budget for the coming year.');
      await composer(page).press('Enter');
      await shows(toasts(page).getByText('Failed to send message'));
      await shows(toasts(page).getByText('The AI model failed to answer. Try again in a moment.'));
      await shows(page.getByText('The editor could not finish this reply.'));
      // What was typed is back in the box, ready to send again.
      await expect
        .poll(() => composer(page).inputValue())
        .toBe('Please edit: The council met on Tuesday to discuss the budget for the coming year.');
      await context.close();
    } finally {
      suite.model.behave({ status: undefined });
    }
  });
});
