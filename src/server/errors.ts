import { TRPCError } from '@trpc/server';

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
