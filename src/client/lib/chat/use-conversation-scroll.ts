import { useCallback, useEffect, useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import type { ConversationWithMessages } from '../api-types';
import { toast } from '../toast';
import type { LiveReply } from './use-send-message';

const HIGHLIGHT_MS = 2000;
const SCROLL_AFTER_SEND_MS = 100;
/** Closer than this to the bottom, new text keeps the view at the bottom. */
const STICK_PX = 96;

export interface MessageJump {
  conversationId: number;
  messageId: number;
}

type ScrollBox = Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>;

/** The reader is at the bottom, or near enough that new text should keep them there. */
export function isAtBottom(el: ScrollBox): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
}

/**
 * Where a conversation opens once its messages are here: an empty one at its top (the welcome panel), one a
 * search result asked for at that message (`jump`), any other at its latest messages. Null while the open
 * conversation's messages are not here yet, or when they were already shown.
 */
export function openingOf(
  shown: ConversationWithMessages | undefined,
  activeId: number | null,
  shownFor: number | null,
  jumping: boolean,
): 'top' | 'bottom' | 'jump' | null {
  if (!shown || shown.conversation.id !== activeId || shownFor === activeId) return null;
  if (shown.messages.length === 0) return 'top';
  return jumping ? 'jump' : 'bottom';
}

/** The jump can be made: its conversation is open and its messages are here. */
export function jumpIsReady(
  jump: MessageJump | null,
  activeId: number | null,
  shown: ConversationWithMessages | undefined,
): jump is MessageJump {
  return !!jump && activeId === jump.conversationId && shown?.conversation.id === jump.conversationId;
}

/**
 * The conversation's scrolling: it stays at the bottom while the reader is there (also as a reply streams),
 * opens at its latest messages, and jumps to a message a search result or a pin asked for, marking it for
 * two seconds.
 */
export function useConversationScroll({
  activeId,
  shown,
  live,
}: {
  activeId: number | null;
  /** The open conversation's messages, once loaded. */
  shown: ConversationWithMessages | undefined;
  live: LiveReply | null;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [pendingJump, setPendingJump] = useState<MessageJump | null>(null);
  const [highlightId, setHighlightId] = useState<number | null>(null);

  const toBottom = useCallback((smooth = false) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    stick.current = true;
  }, []);
  const toBottomSoon = useCallback(() => {
    setTimeout(() => toBottom(true), SCROLL_AFTER_SEND_MS);
  }, [toBottom]);

  const onScroll = useCallback((e: UIEvent<HTMLElement>) => {
    stick.current = isAtBottom(e.currentTarget);
  }, []);

  const shownFor = useRef<number | null>(null);
  useLayoutEffect(() => {
    const opening = openingOf(shown, activeId, shownFor.current, !!pendingJump);
    if (!opening) return;
    shownFor.current = activeId;
    if (opening === 'top') scroller.current?.scrollTo({ top: 0 });
    else if (opening === 'bottom') toBottom();
  }, [shown, activeId, pendingJump, toBottom]);

  useLayoutEffect(() => {
    if (stick.current && live) toBottom();
  }, [live, toBottom]);

  useEffect(() => {
    if (!jumpIsReady(pendingJump, activeId, shown)) return;
    const { messageId } = pendingJump;
    const el = document.getElementById(`message-${messageId}`);
    setPendingJump(null);
    if (!el) {
      toast({ title: 'Message not found', description: 'It is no longer in this conversation.' });
      return;
    }
    el.scrollIntoView({ block: 'center' });
    stick.current = false;
    setHighlightId(messageId);
  }, [pendingJump, activeId, shown]);

  useEffect(() => {
    if (highlightId === null) return;
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  /** Scrolls to the message once its conversation is open (opening it is the caller's). */
  const jumpTo = useCallback((jump: MessageJump) => {
    setHighlightId(null);
    setPendingJump(jump);
  }, []);

  /** The open conversation, shown again, opens as if new (it was deleted and the page moves on). */
  const forgetShown = useCallback(() => {
    shownFor.current = null;
  }, []);

  return { scroller, onScroll, toBottom, toBottomSoon, highlightId, jumpTo, forgetShown };
}
