import {
  compareRevisionInput,
  conversationIdInput,
  createConversationInput,
  listConversationsInput,
  searchConversationsInput,
  sendMessageInput,
  type ChatStreamEvent,
} from '../../shared/schemas/chat';
import { authedProcedure, router, subscribedProcedure } from '../trpc/init';

/** Reading one's history needs a login; sending needs editor access (own plan or an active team). */
export const chatRouter = router({
  list: authedProcedure.input(listConversationsInput).query(({ ctx, input }) => ctx.services.chat.list(ctx.user, input)),

  get: authedProcedure.input(conversationIdInput).query(({ ctx, input }) => ctx.services.chat.get(ctx.user, input.id)),

  create: authedProcedure.input(createConversationInput).mutation(({ ctx, input }) => ctx.services.chat.create(ctx.user, input.title)),

  delete: authedProcedure.input(conversationIdInput).mutation(async ({ ctx, input }) => {
    await ctx.services.chat.remove(ctx.user, input.id);
    return { success: true as const };
  }),

  /** Stops the conversation's reply wherever it streams: on this instance or another on the same database. */
  stop: authedProcedure.input(conversationIdInput).mutation(async ({ ctx, input }) => {
    await ctx.services.chat.stop(ctx.user, input.id);
    return { success: true as const };
  }),

  search: authedProcedure.input(searchConversationsInput).query(({ ctx, input }) => ctx.services.chat.search(ctx.user, input.query)),

  /**
   * Streams the reply (use httpBatchStreamLink): `delta` pieces, then one `done`
   * with both saved messages. Checks fail the call before anything streams; the
   * call's abort signal stops the reply, which is then saved as `stopped`.
   */
  send: subscribedProcedure
    .input(sendMessageInput)
    .mutation(({ ctx, input, signal }): Promise<AsyncIterable<ChatStreamEvent>> => ctx.services.chat.send(ctx.user, input, signal)),

  /** The side-by-side draft comparison of a reply that holds a revision (null when it holds none). */
  compare: authedProcedure
    .input(compareRevisionInput)
    .query(({ ctx, input }) => ctx.services.chat.compare(ctx.user, input.conversationId, input.messageId)),

  capabilities: authedProcedure.query(({ ctx }) => ctx.services.chat.capabilities()),
});
