import { z } from 'zod';
import { conversationIdField } from '../../shared/schemas/chat';
import { idField } from '../../shared/schemas/fields';
import { UPLOAD_MESSAGES } from '../../shared/uploads';
import type { IncomingFile } from '../services/documents';
import { authedProcedure, router, subscribedProcedure } from '../trpc/init';

const documentIdField = idField('Invalid document id');

const incomingFile = z.custom<IncomingFile>(
  (v) => typeof v === 'object' && v !== null && typeof (v as { read?: unknown }).read === 'function',
  UPLOAD_MESSAGES.noFile,
);

/** Uploading needs editor access; listing and deleting one's own documents needs a login. */
export const documentsRouter = router({
  /**
   * Server-side callers only (the REST shim's multipart row): the file is read after
   * the access and conversation checks, so a refused caller's body is never read.
   */
  upload: subscribedProcedure
    .input(z.object({ conversationId: conversationIdField.optional(), file: incomingFile }))
    .mutation(({ ctx, input }) => ctx.services.documents.upload(ctx.user, input)),

  list: authedProcedure
    .input(z.object({ conversationId: conversationIdField }))
    .query(({ ctx, input }) => ctx.services.documents.list(ctx.user.id, input.conversationId)),

  delete: authedProcedure
    .input(z.object({ id: documentIdField }))
    .mutation(({ ctx, input }) => ctx.services.documents.remove(ctx.user.id, input.id)),
});
