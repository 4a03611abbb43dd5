import type { RouterOutputs } from './trpc';

/** The signed-in user as the server shows them (never a password hash). */
export type PublicUser = RouterOutputs['auth']['me'];

/** One page of the conversation list, newest first. */
export type ConversationPage = RouterOutputs['chat']['list'];
export type Conversation = ConversationPage['items'][number];

/** A conversation and its messages, oldest first. */
export type ConversationWithMessages = RouterOutputs['chat']['get'];
export type Message = ConversationWithMessages['messages'][number];
export type MessageStatus = Message['status'];

export type SearchHit = RouterOutputs['chat']['search'][number];
