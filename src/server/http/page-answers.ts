import type { PageAnswers } from '../../shared/page-shell';
import type { createCaller } from '../routers';

type Caller = ReturnType<typeof createCaller>;

/**
 * A conversation longer than this (as JSON) is left for the page to ask for: sent with the page, it
 * would hold back the page's scripts behind it on a slow link.
 */
export const PAGE_CONVERSATION_MAX_CHARS = 32_000;

/** The answer, or undefined when it fails: the page then asks for it itself and shows the error its own way. */
async function answer<T>(ask: () => Promise<T>): Promise<T | undefined> {
  try {
    return await ask();
  } catch {
    return undefined;
  }
}

/** /chat: the editor's note, the conversation list and the conversation it opens first, so its first render is its last. */
async function chatPage(caller: Caller): Promise<PageAnswers> {
  const [capabilities, conversations] = await Promise.all([
    answer(() => caller.chat.capabilities()),
    answer(() => caller.chat.list({ cursor: null })),
  ]);
  const first = conversations?.items[0];
  const conversation = first ? await answer(() => caller.chat.get({ id: first.id })) : undefined;
  const small = conversation && JSON.stringify(conversation).length <= PAGE_CONVERSATION_MAX_CHARS;
  return { capabilities, conversations, conversation: small ? conversation : undefined };
}

const PAGES: Readonly<Record<string, (caller: Caller) => Promise<PageAnswers>>> = { '/chat': chatPage };

/** What the page at `pagePath` would ask for first, answered by `caller` (the signed-in user's). */
export function pageAnswers(caller: Caller, pagePath: string): Promise<PageAnswers> | undefined {
  return PAGES[pagePath]?.(caller);
}
