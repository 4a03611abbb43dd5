import { useQuery } from '@tanstack/react-query';
import { isAuthError } from '../errors';
import { trpc } from '../trpc';

/** What the welcome panel says when the capability check answers 401. */
export const DEFAULT_EDITOR_MESSAGE =
  'I’m your AI copy editor. Paste your copy and I’ll edit it to news style, flag weak quotes, missing context and vague reporting, explain each edit, and suggest headlines, captions and social posts.';

/** What it says when the check fails for another reason. */
export const DEFAULT_ANALYSIS_MESSAGE =
  'Upload a document (pdf, doc, docx, txt, csv or md) and the editor will analyze it and give editorial feedback: what works, what to fix and why, with a revised version.';

/** Who answers, from the capabilities' `assistantId`: the embedded engine (`copydesk-editor`) or a model (`openai:<model>`). */
export function editorName(assistantId: string): string {
  if (assistantId === 'copydesk-editor') return 'Embedded editor';
  return assistantId.replace(/^openai:/, '') || assistantId;
}

/** The editor's capabilities message, with the spec's defaults when the call fails, and the name of the editor that answers. */
export function useCapabilities(): { message: string; isLoading: boolean; editor: string | null } {
  const query = useQuery({ ...trpc.chat.capabilities.queryOptions(), retry: false });
  if (query.isPending) return { message: '', isLoading: true, editor: null };
  if (query.isError)
    return { message: isAuthError(query.error) ? DEFAULT_EDITOR_MESSAGE : DEFAULT_ANALYSIS_MESSAGE, isLoading: false, editor: null };
  return { message: query.data.message, isLoading: false, editor: editorName(query.data.assistantId) };
}
