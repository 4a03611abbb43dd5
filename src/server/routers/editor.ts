import { analyzeCopyInput } from '../../shared/schemas/editor';
import { router, subscribedProcedure } from '../trpc/init';

export const editorRouter = router({
  /** A query, so a read-only API token may review copy; the typed client sends it as a POST. */
  analyze: subscribedProcedure
    .input(analyzeCopyInput)
    .query(({ ctx, input, signal }) => ctx.services.editor.analyze(ctx.user, input.text, signal)),
});
