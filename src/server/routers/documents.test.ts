import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../shared/uploads';
import { stopEditor } from '../editor';
import { failure, subscriber, visitor } from '../services/chat/test-support';
import { fileOf, fixture, receivedFile } from '../services/documents/test-support';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
afterEach(() => t?.close());
afterAll(() => stopEditor());

describe('documents router', () => {
  it('uploads into a conversation, lists its documents and deletes one, for the owner only', async () => {
    t = createTestApp();
    const owner = await subscriber(t, 'mariana');
    const stranger = await subscriber(t, 'olusegun');
    const { id: conversationId } = await owner.api.chat.create();

    const uploaded = await owner.api.documents.upload({ conversationId, file: fileOf('story.md', fixture('story.md')) });
    expect(uploaded).toMatchObject({
      success: true,
      message: UPLOAD_MESSAGES.success,
      document: { filename: 'story.md' },
      reviewPosted: true,
    });
    expect(await owner.api.documents.list({ conversationId })).toEqual([
      expect.objectContaining({ id: uploaded.document.id, kind: 'md', conversationId }),
    ]);

    expect(await failure(stranger.api.documents.list({ conversationId }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(stranger.api.documents.delete({ id: uploaded.document.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await owner.api.documents.list({ conversationId })).toHaveLength(1);

    expect(await owner.api.documents.delete({ id: uploaded.document.id })).toEqual({ success: true });
    expect(await owner.api.documents.list({ conversationId })).toEqual([]);
    expect(await failure(owner.api.documents.delete({ id: uploaded.document.id }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('goes when its conversation is deleted', async () => {
    t = createTestApp();
    const owner = await subscriber(t, 'mariana');
    const { id: conversationId } = await owner.api.chat.create();
    const { document } = await owner.api.documents.upload({ conversationId, file: fileOf('story.txt', fixture('story.txt')) });
    await owner.api.chat.delete({ id: conversationId });
    expect(await failure(Promise.resolve().then(() => t.services.documents.textFor(owner.userId, document.id)))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('needs a login to list and editor access to upload; reads no file before that', async () => {
    t = createTestApp();
    const anonymous = t.caller().api;
    expect(await failure(anonymous.documents.list({ conversationId: 1 }))).toMatchObject({ code: 'UNAUTHORIZED' });

    const { api } = await visitor(t, 'olusegun');
    let read = false;
    const file = { read: async () => ((read = true), receivedFile('story.txt', fixture('story.txt'))) };
    expect(await failure(api.documents.upload({ file }))).toMatchObject({ code: 'FORBIDDEN', details: { code: 'SUBSCRIPTION_REQUIRED' } });
    expect(read).toBe(false);
  });

  it('rejects malformed ids with a 400', async () => {
    t = createTestApp();
    const { api } = await subscriber(t, 'mariana');
    expect(await failure(api.documents.list({ conversationId: -1 }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await failure(api.documents.delete({ id: 'abc' as never }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Invalid document id',
    });
    expect(await failure(api.documents.upload({ file: 'not a file' as never }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: UPLOAD_MESSAGES.noFile,
    });
  });
});
