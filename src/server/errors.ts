import { TRPCError } from '@trpc/server';
import { DrizzleQueryError } from 'drizzle-orm';

type Code = ConstructorParameters<typeof TRPCError>[0]['code'];

/** Extra fields an error carries to the client (`code`, `teamName`, `retryAfter`...). */
export class ErrorDetails extends Error {
  constructor(readonly details: Record<string, unknown>) {
    super('error details');
  }
}

export function fail(code: Code, message: string, details?: Record<string, unknown>): never {
  throw new TRPCError({ code, message, cause: details ? new ErrorDetails(details) : undefined });
}

export function errorDetails(error: TRPCError): Record<string, unknown> {
  return error.cause instanceof ErrorDetails ? error.cause.details : {};
}

/**
 * An unexpected error as the log shows it. A failed query keeps its SQL and the driver's error but
 * not its parameters (password hashes, e-mail addresses, message text), which Drizzle's message holds.
 */
export function errorForLog(e: unknown): string {
  if (e instanceof DrizzleQueryError) return `query failed: ${e.query}\n${errorForLog(e.cause)}`;
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}
