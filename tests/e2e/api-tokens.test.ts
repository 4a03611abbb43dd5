import { describe, expect, it } from 'vitest';
import { appOrigin, shows, signedInPage, toasts } from './support/browser';
import { serverAndBrowser } from './support/suite';

const suite = serverAndBrowser();

describe('API tokens in Settings', () => {
  it('makes a token shown once, which a script lists conversations with, until it is revoked', async () => {
    const url = suite.server.url;
    const { context, page } = await signedInPage(suite.browser, url, { prefix: 'scripter' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
    const made = await context.request.post(`${url}/api/conversations`, {
      data: { title: 'Harbour ferry budget' },
      headers: appOrigin(url),
    });
    expect(made.status()).toBe(201);

    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'API tokens' });
    await shows(section.getByText('You have no API tokens yet.'));
    await section.getByRole('button', { name: 'Create Token' }).click();
    await shows(section.getByText('Token name is required'));
    await section.getByLabel('Token name').fill('Nightly export');
    // Only administrators are offered the admin scope.
    expect(await section.getByLabel('Access').locator('option').allTextContents()).toEqual([
      'Read: queries only',
      'Write: queries and changes',
    ]);
    await section.getByLabel('Expires').selectOption('30');
    await section.getByRole('button', { name: 'Create Token' }).click();
    await shows(toasts(page).getByText('API Token Created'));

    await section.getByRole('button', { name: 'Copy' }).click();
    await shows(toasts(page).getByText('Token Copied'));
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toMatch(/^cdk_[a-z0-9]+$/);
    expect(await section.getByTestId('new-api-token').textContent()).toBe(token);
    await section.getByRole('button', { name: 'Done' }).click();
    await shows(section.getByRole('cell', { name: 'Nightly export', exact: true }));
    expect(await section.getByText(token).count()).toBe(0);

    // A script, as a newsroom would write it: the token, no cookie, no Origin.
    const script = () => fetch(`${url}/api/conversations`, { headers: { authorization: `Bearer ${token}` } });
    const listed = await script();
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as Array<{ title: string }>).map((c) => c.title)).toEqual(['Harbour ferry budget']);

    await section.getByRole('button', { name: 'Revoke Nightly export' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke Token' }).click();
    await shows(toasts(page).getByText('API Token Revoked'));
    await shows(section.getByText('You have no API tokens yet.'));
    const refused = await script();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'This API token has been revoked.' });
    await context.close();
  });
});
