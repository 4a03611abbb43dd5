import { useQuery } from '@tanstack/react-query';
import { isAuthError } from '../errors';
import { trpc } from '../trpc';

/** What the welcome panel says when the capability check answers 401. */
export const DEFAULT_EDITOR_MESSAGE =
  'I’m your AI copy editor. Paste your copy and I’ll edit it to news style, flag weak quotes, missing context and vague reporting, explain each edit, and suggest headlines, captions and social posts.';

/** What it says when the check fails for another reason. */
export const DEFAULT_ANALYSIS_MESSAGE =
  'Upload a document (pdf, doc, docx, txt, csv or md) and the editor will analyze it and give editorial feedback: what works, what to fix and why, with a revised version.';

/** The editor's capabilities message, with the spec's defaults when the call fails. */
export function useCapabilities(): { message: string; isLoading: boolean } {
  const query = useQuery({ ...trpc.chat.capabilities.queryOptions(), retry: false });
  if (query.isPending) return { message: '', isLoading: true };
  if (query.isError) return { message: isAuthError(query.error) ? DEFAULT_EDITOR_MESSAGE : DEFAULT_ANALYSIS_MESSAGE, isLoading: false };
  return { message: query.data.message, isLoading: false };
}
