import { TRPCClientError } from '@trpc/client';

interface ErrorData {
  httpStatus?: number;
  code?: string;
  details?: Record<string, unknown>;
}

function dataOf(error: unknown): ErrorData | undefined {
  if (error instanceof TRPCClientError) return (error.data ?? undefined) as ErrorData | undefined;
  return undefined;
}

/** The HTTP status the server answered with, when the error came from the server. */
export function httpStatusOf(error: unknown): number | undefined {
  return dataOf(error)?.httpStatus;
}

/** Extra fields the server attached (`code`, `teamName`, `retryAfter`...). */
export function errorDetailsOf(error: unknown): Record<string, unknown> {
  return dataOf(error)?.details ?? {};
}

/** True when the server itself answered: its message is meant for the user. */
export function isServerError(error: unknown): boolean {
  return dataOf(error) !== undefined;
}

/** The server's user-facing message, or the fallback for network and unexpected errors. */
export function serverMessage(error: unknown, fallback: string): string {
  if (!isServerError(error)) return fallback;
  const message = error instanceof Error ? error.message.trim() : '';
  return message || fallback;
}

export function isAuthError(error: unknown): boolean {
  if (httpStatusOf(error) === 401) return true;
  const message = error instanceof Error ? error.message : String(error);
  return message.includes('401') || message.includes('Authentication required');
}

/** A 4xx answer: the same request would fail the same way again. */
export function isClientError(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && status >= 400 && status < 500;
}
