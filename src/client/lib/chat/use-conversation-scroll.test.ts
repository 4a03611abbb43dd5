import { describe, expect, it } from 'vitest';
import type { ConversationWithMessages, Message } from '../api-types';
import { isAtBottom, jumpIsReady, openingOf } from './use-conversation-scroll';

const message = (id: number, conversationId: number): Message => ({
  id,
  conversationId,
  role: 'user',
  content: `Message ${id}`,
  status: 'complete',
  createdAt: '2026-11-29T09:00:00Z',
});
const loaded = (id: number, messageIds: number[]): ConversationWithMessages => ({
  conversation: { id, title: 'Council budget', createdAt: '2026-11-29T09:00:00Z', updatedAt: '2026-11-29T09:00:00Z' },
  messages: messageIds.map((m) => message(m, id)),
});

describe('isAtBottom', () => {
  it('counts a reader within 96 pixels of the bottom as there', () => {
    expect(isAtBottom({ scrollHeight: 2000, clientHeight: 500, scrollTop: 1500 })).toBe(true);
    expect(isAtBottom({ scrollHeight: 2000, clientHeight: 500, scrollTop: 1405 })).toBe(true);
    expect(isAtBottom({ scrollHeight: 2000, clientHeight: 500, scrollTop: 1404 })).toBe(false);
    expect(isAtBottom({ scrollHeight: 2000, clientHeight: 500, scrollTop: 0 })).toBe(false);
  });
});

describe('openingOf', () => {
  it('opens a conversation at its latest messages, once', () => {
    expect(openingOf(loaded(3, [1, 2]), 3, null, false)).toBe('bottom');
    expect(openingOf(loaded(3, [1, 2]), 3, 3, false)).toBeNull();
  });

  it('opens an empty conversation at its top, even for a jump', () => {
    expect(openingOf(loaded(3, []), 3, null, false)).toBe('top');
    expect(openingOf(loaded(3, []), 3, null, true)).toBe('top');
  });

  it('leaves a conversation opened for a jump to the jump', () => {
    expect(openingOf(loaded(3, [1, 2]), 3, null, true)).toBe('jump');
  });

  it('waits while the messages on hand are another conversation’s, or none', () => {
    expect(openingOf(loaded(2, [1]), 3, 2, false)).toBeNull();
    expect(openingOf(undefined, 3, null, false)).toBeNull();
    expect(openingOf(loaded(2, [1]), null, null, false)).toBeNull();
  });
});

describe('jumpIsReady', () => {
  const jump = { conversationId: 4, messageId: 40 };

  it('jumps once the conversation is open and its messages are here', () => {
    expect(jumpIsReady(jump, 4, loaded(4, [40]))).toBe(true);
  });

  it('waits while another conversation is open or shown, or nothing is loaded', () => {
    expect(jumpIsReady(jump, 5, loaded(4, [40]))).toBe(false);
    expect(jumpIsReady(jump, 4, loaded(5, [50]))).toBe(false);
    expect(jumpIsReady(jump, 4, undefined)).toBe(false);
    expect(jumpIsReady(null, 4, loaded(4, [40]))).toBe(false);
  });
});
