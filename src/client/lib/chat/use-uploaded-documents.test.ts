import { describe, expect, it } from 'vitest';
import type { ConversationWithMessages, Message } from '../api-types';
import type { UploadSuccess } from './upload';
import { savedReviewOf, uploadNotices, withMessage } from './use-uploaded-documents';

const review = (id: number): Message => ({
  id,
  conversationId: 6,
  role: 'assistant',
  content: '## Editor’s review',
  status: 'complete',
  createdAt: '2026-11-29T09:00:00Z',
});
const upload = (o: Partial<UploadSuccess>): UploadSuccess => ({
  ok: true,
  message: '',
  document: { id: 1, filename: 'notes.docx', chars: 1200 },
  review: null,
  reviewPosted: false,
  filename: 'notes.docx',
  conversationId: 6,
  ...o,
});
const cached = (messages: Message[]): ConversationWithMessages => ({
  conversation: { id: 6, title: 'Flood', createdAt: '2026-11-29T09:00:00Z', updatedAt: '2026-11-29T09:00:00Z' },
  messages,
});

describe('uploadNotices', () => {
  it('notes the file after the last saved message', () => {
    expect(uploadNotices(upload({}), 41, 'k')).toEqual([
      { key: 'file-k', conversationId: 6, afterId: 41, kind: 'file', filename: 'notes.docx', content: 'File uploaded: notes.docx' },
    ]);
  });

  it('shows a review the server wrote but could not save', () => {
    const notices = uploadNotices(upload({ review: 'Tighten the lede.', reviewPosted: false }), 41, 'k');
    expect(notices.map((n) => [n.key, n.kind, n.content])).toEqual([
      ['file-k', 'file', 'File uploaded: notes.docx'],
      ['review-k', 'text', 'Tighten the lede.'],
    ]);
  });

  it('leaves a saved review, a blank one and a review message to the conversation', () => {
    expect(uploadNotices(upload({ review: 'Tighten the lede.', reviewPosted: true }), 41, 'k')).toHaveLength(1);
    expect(uploadNotices(upload({ review: '  ', reviewPosted: false }), 41, 'k')).toHaveLength(1);
    expect(uploadNotices(upload({ review: review(42), reviewPosted: true }), 41, 'k')).toHaveLength(1);
  });
});

describe('savedReviewOf', () => {
  it('is the review message the server saved, and nothing for text or no review', () => {
    expect(savedReviewOf(upload({ review: review(42), reviewPosted: true }))).toEqual(review(42));
    expect(savedReviewOf(upload({ review: 'Tighten the lede.' }))).toBeNull();
    expect(savedReviewOf(upload({ review: null }))).toBeNull();
  });
});

describe('withMessage', () => {
  it('adds the review to the end of the cached conversation', () => {
    const before = cached([{ ...review(41), role: 'user' }]);
    expect(withMessage(before, review(42))?.messages.map((m) => m.id)).toEqual([41, 42]);
    expect(before.messages).toHaveLength(1);
  });

  it('keeps the cache as it is when the review is already there, or nothing is cached', () => {
    const already = cached([review(42)]);
    expect(withMessage(already, review(42))).toBe(already);
    expect(withMessage(undefined, review(42))).toBeUndefined();
  });
});
