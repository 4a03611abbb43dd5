import {
  importStylebookInput,
  stylebookEntryIdInput,
  stylebookEntryInput,
  stylebookSearchInput,
  updateStylebookEntryInput,
} from '../../shared/schemas/stylebook';
import { authedProcedure, router } from '../trpc/init';

/** The house stylebook: a team's (kept by its owner and editors, read by its members) or a person's own. */
export const stylebookRouter = router({
  list: authedProcedure.input(stylebookSearchInput).query(({ ctx, input }) => ctx.services.stylebook.list(ctx.user, input.search)),

  create: authedProcedure.input(stylebookEntryInput).mutation(({ ctx, input }) => ctx.services.stylebook.create(ctx.user, input)),

  update: authedProcedure
    .input(updateStylebookEntryInput)
    .mutation(({ ctx, input }) => ctx.services.stylebook.update(ctx.user, input.id, input.entry)),

  remove: authedProcedure.input(stylebookEntryIdInput).mutation(async ({ ctx, input }) => {
    await ctx.services.stylebook.remove(ctx.user, input.id);
    return { success: true as const };
  }),

  /** All or nothing: with a bad line, `errors` names each and nothing is saved. */
  import: authedProcedure
    .input(importStylebookInput)
    .mutation(({ ctx, input }) =>
      input.format === 'csv'
        ? ctx.services.stylebook.importCsv(ctx.user, input.content)
        : ctx.services.stylebook.importVale(ctx.user, input.content),
    ),

  exportCsv: authedProcedure.query(async ({ ctx }) => ({ csv: await ctx.services.stylebook.exportCsv(ctx.user) })),
});
