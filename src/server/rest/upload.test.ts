import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../shared/uploads';
import { stopEditor } from '../editor';
import { inSuspendedTeam, subscriber, visitor } from '../services/chat/test-support';
import { fixture, upload } from '../services/documents/test-support';
import { SESSION_COOKIE } from '../services/auth/sessions';
import { createTestApp, type TestApp } from '../test-app';
import { get, post } from '../test-http';

let t: TestApp;
afterEach(() => t?.close());
afterAll(() => stopEditor());

async function conversationOf(token: string): Promise<number> {
  const res = await post(t, '/api/conversations', { title: 'Budget story' }, { token });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe('POST /api/files/upload', () => {
  it('stores the document, answers the contract shape, and posts the editor’s review into the conversation', async () => {
    t = createTestApp();
    const { token } = await subscriber(t, 'mariana');
    const conversationId = await conversationOf(token);

    const res = await upload(t, { token, filename: 'story.pdf', bytes: fixture('story.pdf'), conversationId });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      message: string;
      document: { id: number; filename: string; chars: number };
      review: string;
    };
    expect(body).toMatchObject({
      success: true,
      message: UPLOAD_MESSAGES.success,
      document: { id: expect.any(Number), filename: 'story.pdf' },
    });
    const text = await t.services.documents.textFor((await t.services.users.findByEmail('mariana@news.example'))!.id, body.document.id);
    expect(text).toContain('Reference marker: quokka-pdf.');
    expect(body.document.chars).toBe(text.length);
    expect(body.review).toContain('story.pdf');

    const messages = (await (await get(t, `/api/conversations/${conversationId}`, { token })).json()) as Array<{
      role: string;
      content: string;
    }>;
    expect(messages).toEqual([expect.objectContaining({ role: 'assistant', content: body.review })]);
  });

  it('accepts every supported kind, with or without a conversation', async () => {
    t = createTestApp();
    const { token } = await subscriber(t, 'mariana');
    for (const name of ['story.docx', 'story.doc', 'story.txt', 'story.csv', 'story.md']) {
      const res = await upload(t, { token, filename: name, bytes: fixture(name) });
      expect(res.status, name).toBe(200);
      expect(((await res.json()) as { document: { filename: string } }).document.filename).toBe(name);
    }
  });

  it('answers 400 {success:false, message} naming the accepted types for an unsupported or lying file', async () => {
    t = createTestApp();
    const { token } = await subscriber(t, 'mariana');
    const cases: Array<[string, Uint8Array | string, string]> = [
      ['photo.png', fixture('story.pdf'), UPLOAD_MESSAGES.unsupported],
      ['story.pdf', fixture('story.docx'), UPLOAD_MESSAGES.contentMismatch('pdf')],
      ['story.docx', fixture('story.pdf'), UPLOAD_MESSAGES.contentMismatch('docx')],
      ['story.txt', fixture('story.doc'), UPLOAD_MESSAGES.contentMismatch('txt')],
      ['blank.txt', '', UPLOAD_MESSAGES.empty],
      ['zeros.txt', new Uint8Array(4096), UPLOAD_MESSAGES.notUtf8],
    ];
    for (const [filename, bytes, message] of cases) {
      const res = await upload(t, { token, filename, bytes });
      expect(res.status, filename).toBe(400);
      expect(await res.json(), filename).toMatchObject({ success: false, message });
    }
    expect(UPLOAD_MESSAGES.unsupported).toContain('.pdf, .doc, .docx, .txt, .csv and .md');
  });

  it('answers 400 when the request carries no file field', async () => {
    t = createTestApp();
    const { token } = await subscriber(t, 'mariana');
    const wrongField = await upload(t, { token, filename: 'story.txt', bytes: fixture('story.txt'), field: 'document' });
    expect(wrongField.status).toBe(400);
    expect(await wrongField.json()).toMatchObject({ success: false, message: UPLOAD_MESSAGES.noFile });

    const notMultipart = await t.app.request('/api/files/upload', {
      method: 'POST',
      headers: { origin: t.config.appOrigin, cookie: `${SESSION_COOKIE}=${token}`, 'content-type': 'text/plain' },
      body: 'The council voted.',
    });
    expect(notMultipart.status).toBe(400);
    expect(await notMultipart.json()).toMatchObject({ success: false, message: UPLOAD_MESSAGES.noFile });
  });

  it('answers 413 for a file over MAX_UPLOAD_MB, whether the length is declared or streamed', async () => {
    t = createTestApp({ env: { MAX_UPLOAD_MB: '1' } });
    const { token } = await subscriber(t, 'mariana');
    const big = 'The council voted 7-2 on Tuesday. '.repeat(40_000); // about 1.3 MB
    const streamed = await upload(t, { token, filename: 'big.txt', bytes: big });
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ success: false, message: UPLOAD_MESSAGES.tooLarge(1) });

    const declared = await t.app.request('/api/files/upload', {
      method: 'POST',
      headers: {
        origin: t.config.appOrigin,
        cookie: `${SESSION_COOKIE}=${token}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(50 * 1024 * 1024),
      },
      body: '--x--',
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ success: false, message: UPLOAD_MESSAGES.tooLarge(1) });

    // Just under the limit is fine.
    const fits = await upload(t, { token, filename: 'fits.txt', bytes: big.slice(0, 1024 * 1024 - 100) });
    expect(fits.status).toBe(200);
  });

  it('needs a login (401) and editor access (403 with the code)', async () => {
    t = createTestApp();
    const anonymous = await upload(t, { filename: 'story.txt', bytes: fixture('story.txt') });
    expect(anonymous.status).toBe(401);

    const { token } = await visitor(t, 'olusegun');
    const unsubscribed = await upload(t, { token, filename: 'story.txt', bytes: fixture('story.txt') });
    expect(unsubscribed.status).toBe(403);
    expect(await unsubscribed.json()).toMatchObject({ code: 'SUBSCRIPTION_REQUIRED' });

    const member = await visitor(t, 'priya');
    await inSuspendedTeam(t, member.userId, 'Metro Desk');
    const suspended = await upload(t, { token: member.token, filename: 'story.txt', bytes: fixture('story.txt') });
    expect(suspended.status).toBe(403);
    expect(await suspended.json()).toMatchObject({ code: 'TEAM_SUSPENDED', teamName: 'Metro Desk' });
  });

  it('answers 404 for a conversation that is not the caller’s, and stores nothing', async () => {
    t = createTestApp();
    const owner = await subscriber(t, 'mariana');
    const stranger = await subscriber(t, 'olusegun');
    const conversationId = await conversationOf(owner.token);

    const res = await upload(t, { token: stranger.token, filename: 'story.txt', bytes: fixture('story.txt'), conversationId });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, message: 'Conversation not found' });
    expect(await t.services.documents.list(owner.userId, conversationId)).toEqual([]);

    const missing = await upload(t, {
      token: owner.token,
      filename: 'story.txt',
      bytes: fixture('story.txt'),
      conversationId: conversationId + 100,
    });
    expect(missing.status).toBe(404);
  });
});
