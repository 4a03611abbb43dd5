import { afterEach, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, MAX_API_TOKENS, type CreateApiTokenInput } from '../../shared/schemas/api-tokens';
import { DAY_MS } from '../../shared/limits';
import { auditRowsWrittenBy, signedInAdmin } from '../services/admin/test-support';
import { failure, subscriber } from '../services/chat/test-support';
import { createTestApp, type TestApp } from '../test-app';
import { PASSWORD } from '../test-http';

let t: TestApp;
afterEach(() => t?.close());

const token = (o: Partial<CreateApiTokenInput> = {}): CreateApiTokenInput => ({ name: 'CMS hook', scope: 'read', expiresInDays: 30, ...o });

describe('API tokens', () => {
  it('are shown once, listed without their secret, and speak for their user', async () => {
    t = createTestApp();
    const mariana = await subscriber(t, 'mariana');
    const made = await mariana.api.apiTokens.create(token());
    expect(made.token).toMatch(/^cdk_[a-z0-9]{40,}$/);
    expect(made.apiToken).toMatchObject({ name: 'CMS hook', scope: 'read', lastUsedAt: null });
    expect(made.apiToken.expiresAt).toBe(new Date(t.clock().getTime() + 30 * DAY_MS).toISOString());
    const listed = await mariana.api.apiTokens.list();
    expect(listed).toEqual([made.apiToken]);
    expect(JSON.stringify(listed)).not.toContain(made.token.slice(20));

    const script = t.caller({ bearer: made.token }).api;
    expect((await script.auth.me()).username).toBe('mariana');
    expect((await mariana.api.apiTokens.list())[0]!.lastUsedAt).toBe(t.clock().toISOString());
  });

  it('hold their scope: read makes queries only, write mutations too, admin alone reaches admin procedures', async () => {
    t = createTestApp();
    const mariana = await subscriber(t, 'mariana');
    const reader = t.caller({ bearer: (await mariana.api.apiTokens.create(token({ scope: 'read' }))).token }).api;
    const writer = t.caller({ bearer: (await mariana.api.apiTokens.create(token({ scope: 'write' }))).token }).api;
    expect(await reader.chat.list({})).toMatchObject({ items: [] });
    expect(await failure(reader.chat.create({ title: 'Budget' }))).toMatchObject({
      code: 'FORBIDDEN',
      message: API_TOKEN_MESSAGES.outOfScope,
    });
    expect(await writer.chat.create({ title: 'Budget' })).toMatchObject({ title: 'Budget' });
    expect(await failure(mariana.api.apiTokens.create(token({ scope: 'admin' })))).toMatchObject({
      code: 'FORBIDDEN',
      message: API_TOKEN_MESSAGES.adminOnly,
    });

    const chief = await signedInAdmin(t);
    const chiefApi = t.caller({ token: chief.token }).api;
    const adminWrite = t.caller({ bearer: (await chiefApi.apiTokens.create(token({ scope: 'write' }))).token }).api;
    const adminAll = t.caller({ bearer: (await chiefApi.apiTokens.create(token({ scope: 'admin' }))).token }).api;
    expect(await failure(adminWrite.admin.users.list({}))).toMatchObject({ code: 'FORBIDDEN', message: API_TOKEN_MESSAGES.outOfScope });
    expect((await adminAll.admin.users.list({})).items.length).toBeGreaterThan(0);
  });

  it('cannot manage tokens or change the password: those need a signed-in session', async () => {
    t = createTestApp();
    const mariana = await subscriber(t, 'mariana');
    const script = t.caller({ bearer: (await mariana.api.apiTokens.create(token({ scope: 'write' }))).token }).api;
    for (const call of [
      () => script.apiTokens.list(),
      () => script.apiTokens.create(token()),
      () => script.auth.changePassword({ currentPassword: PASSWORD, newPassword: 'another-pass-9!' }),
    ])
      expect(await failure(call())).toMatchObject({ code: 'FORBIDDEN', message: API_TOKEN_MESSAGES.sessionOnly });
  });

  it('refuse a wrong, revoked or expired token with its reason', async () => {
    t = createTestApp();
    const mariana = await subscriber(t, 'mariana');
    const revoked = await mariana.api.apiTokens.create(token({ name: 'old' }));
    t.clock.advance(1000);
    const expiring = await mariana.api.apiTokens.create(token({ name: 'month', expiresInDays: 30 }));
    t.clock.advance(1000);
    const forever = await mariana.api.apiTokens.create(token({ name: 'forever', expiresInDays: null }));
    await mariana.api.apiTokens.revoke({ id: revoked.apiToken.id });
    expect(await mariana.api.apiTokens.list()).toEqual([forever.apiToken, expiring.apiToken]);
    expect(await failure(t.caller({ bearer: revoked.token }).api.auth.me())).toMatchObject({
      code: 'UNAUTHORIZED',
      message: API_TOKEN_MESSAGES.revoked,
    });
    const wrongSecret = `${forever.token.slice(0, -4)}aaaa`;
    for (const bad of ['cdk_nothing', wrongSecret, 'ghp_somebody-elses', ''])
      expect(await failure(t.caller({ bearer: bad }).api.auth.me())).toMatchObject({
        code: 'UNAUTHORIZED',
        message: API_TOKEN_MESSAGES.invalid,
      });

    t.clock.advance(30 * DAY_MS);
    expect(await failure(t.caller({ bearer: expiring.token }).api.auth.me())).toMatchObject({
      code: 'UNAUTHORIZED',
      message: API_TOKEN_MESSAGES.expired,
    });
    expect((await t.caller({ bearer: forever.token }).api.auth.me()).username).toBe('mariana');
  });

  it('are revoked only by their owner: another user’s reads as not found', async () => {
    t = createTestApp();
    const mariana = await subscriber(t, 'mariana');
    const olusegun = await subscriber(t, 'olusegun');
    const hers = await mariana.api.apiTokens.create(token());
    expect(await failure(olusegun.api.apiTokens.revoke({ id: hers.apiToken.id }))).toMatchObject({
      code: 'NOT_FOUND',
      message: API_TOKEN_MESSAGES.notFound,
    });
    expect(await olusegun.api.apiTokens.list()).toEqual([]);
    expect((await t.caller({ bearer: hers.token }).api.auth.me()).username).toBe('mariana');
  });

  it(`number at most ${MAX_API_TOKENS} a user, revoked ones not counted`, async () => {
    t = createTestApp();
    const mariana = await subscriber(t, 'mariana');
    const made = [];
    for (let i = 0; i < MAX_API_TOKENS; i++) made.push(await mariana.api.apiTokens.create(token({ name: `token ${i}` })));
    expect(await failure(mariana.api.apiTokens.create(token()))).toMatchObject({
      code: 'BAD_REQUEST',
      message: API_TOKEN_MESSAGES.tooMany,
    });
    await mariana.api.apiTokens.revoke({ id: made[0]!.apiToken.id });
    expect(await mariana.api.apiTokens.create(token())).toMatchObject({ apiToken: { name: 'CMS hook' } });
  });

  it('end when the password changes, and an admin demoted keeps write access at most', async () => {
    t = createTestApp();
    const mariana = await subscriber(t, 'mariana');
    const hers = await mariana.api.apiTokens.create(token({ scope: 'write' }));
    await mariana.api.auth.changePassword({ currentPassword: PASSWORD, newPassword: 'another-pass-9!' });
    expect(await failure(t.caller({ bearer: hers.token }).api.auth.me())).toMatchObject({ message: API_TOKEN_MESSAGES.revoked });
    expect(await mariana.api.apiTokens.list()).toEqual([]);

    const chief = await signedInAdmin(t, 'chief');
    const deputy = await signedInAdmin(t, 'deputy');
    const deputyToken = await t.caller({ token: deputy.token }).api.apiTokens.create(token({ scope: 'admin' }));
    await t
      .caller({ token: chief.token })
      .api.admin.users.update({ id: deputy.id, username: deputy.username, email: deputy.email, isAdmin: false });
    const script = t.caller({ bearer: deputyToken.token }).api;
    expect(await failure(script.admin.users.list({}))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.caller({ token: deputy.token }).api.apiTokens.list())[0]).toMatchObject({ scope: 'write' });
  });

  it('write an audit row when an admin token is made or revoked, and none for other scopes', async () => {
    t = createTestApp();
    const chief = await signedInAdmin(t);
    const api = t.caller({ token: chief.token }).api;
    expect(await auditRowsWrittenBy(t, () => api.apiTokens.create(token({ scope: 'write' })))).toEqual([]);
    let made: Awaited<ReturnType<typeof api.apiTokens.create>> | undefined;
    const created = await auditRowsWrittenBy(
      t,
      async () => (made = await api.apiTokens.create(token({ name: 'Exports', scope: 'admin' }))),
    );
    expect(created).toMatchObject([
      { action: 'api_token.create', targetId: chief.id, changes: { token: { before: null, after: 'Exports' } } },
    ]);
    const revoked = await auditRowsWrittenBy(t, () => api.apiTokens.revoke({ id: made!.apiToken.id }));
    expect(revoked).toMatchObject([
      { action: 'api_token.revoke', targetId: chief.id, changes: { token: { before: 'Exports', after: null } } },
    ]);
    expect(JSON.stringify([created, revoked])).not.toContain(made!.token);
  });
});

describe('admin.users.apiTokenCounts', () => {
  it('gives an admin how many live tokens each user holds, never the tokens, and no one else', async () => {
    t = createTestApp();
    const mariana = await subscriber(t, 'mariana');
    const olusegun = await subscriber(t, 'olusegun');
    await mariana.api.apiTokens.create(token({ name: 'one' }));
    const two = await mariana.api.apiTokens.create(token({ name: 'two' }));
    await mariana.api.apiTokens.revoke({ id: two.apiToken.id });
    await mariana.api.apiTokens.create(token({ name: 'three' }));
    const chief = await signedInAdmin(t);
    const counts = await t.caller({ token: chief.token }).api.admin.users.apiTokenCounts({ ids: [mariana.userId, olusegun.userId] });
    expect(counts).toEqual({ [mariana.userId]: 2, [olusegun.userId]: 0 });
    expect(await failure(mariana.api.admin.users.apiTokenCounts({ ids: [mariana.userId] }))).toMatchObject({ code: 'FORBIDDEN' });
  });
});
