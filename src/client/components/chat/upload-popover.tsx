import * as Popover from '@radix-ui/react-popover';
import { CircleAlert, FileUp, Paperclip, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { UPLOAD_ACCEPT, UPLOAD_MESSAGES, uploadKindOf } from '~/shared/uploads';
import { returnFocusToComposer } from '../../lib/chat/composer-focus';
import { cn } from '../../lib/cn';
import { uploadDocument, type UploadOutcome, type UploadSuccess } from '../../lib/chat/upload';
import { toast } from '../../lib/toast';
import { Button } from '../button';

type UploadState = { kind: 'idle' } | { kind: 'uploading'; progress: number } | { kind: 'error'; message: string };

interface UploadPopoverProps {
  disabled?: boolean;
  /** The conversation to attach the document to (created first when there is none). */
  ensureConversation: () => Promise<number | null>;
  onUploaded: (result: UploadSuccess) => void;
  onRefused: (outcome: Extract<UploadOutcome, { ok: false }>) => boolean;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The Upload Document popover: pick a file and watch it upload. A success closes it (the toast and the file's
 * notice in the chat say what happened, and the focus goes back to the composer); a failure keeps it open with
 * the reason beside the file.
 */
export function UploadPopover({ disabled, ensureConversation, onUploaded, onRefused }: UploadPopoverProps) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const statusId = useId();
  const uploading = state.kind === 'uploading';

  const fail = (message: string) => {
    setState({ kind: 'error', message });
    toast({ title: UPLOAD_MESSAGES.failureTitle, description: message, variant: 'destructive' });
  };

  const clear = () => {
    setFile(null);
    setState({ kind: 'idle' });
    if (input.current) input.current.value = '';
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setState({ kind: 'idle' });
    if (chosen && !uploadKindOf(chosen.name)) fail(UPLOAD_MESSAGES.unsupported);
  };

  async function upload() {
    if (!file || uploading) return;
    if (!uploadKindOf(file.name)) return fail(UPLOAD_MESSAGES.unsupported);
    setState({ kind: 'uploading', progress: 0 });
    const conversationId = await ensureConversation();
    if (!conversationId) return setState({ kind: 'idle' });
    let outcome: UploadOutcome;
    try {
      outcome = await uploadDocument(file, { conversationId, onProgress: (progress) => setState({ kind: 'uploading', progress }) });
    } catch (error) {
      return fail(error instanceof Error ? error.message : UPLOAD_MESSAGES.failureFallback);
    }
    if (!outcome.ok) {
      if (onRefused(outcome)) return setState({ kind: 'idle' });
      return fail(outcome.message ?? UPLOAD_MESSAGES.failureFallback);
    }
    const server = outcome.message.trim();
    const description = server && server !== UPLOAD_MESSAGES.success ? `${server} ${UPLOAD_MESSAGES.success}` : UPLOAD_MESSAGES.success;
    toast({ title: UPLOAD_MESSAGES.successTitle, description, variant: 'success' });
    onUploaded({ ...outcome, filename: file.name, conversationId });
    clear();
    setOpen(false);
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-9 text-slate-600"
          aria-label="Upload Document"
          title="Upload Document"
          disabled={disabled}
        >
          <Paperclip aria-hidden="true" className="size-4.5" />
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={10}
          collisionPadding={12}
          aria-label="Upload Document"
          onCloseAutoFocus={returnFocusToComposer}
          className="z-50 w-[min(22rem,calc(100vw-1.5rem))] rounded-xl border border-slate-200 bg-white p-4 shadow-xl animate-fade-in"
        >
          <div className="mb-3 flex items-start justify-between gap-2">
            <div>
              <p className="font-semibold text-slate-900">Upload Document</p>
              <p className="mt-0.5 text-xs text-slate-500">
                The editor reviews it and answers questions about it. Accepted: .pdf, .doc, .docx, .txt, .csv, .md
              </p>
            </div>
            <Popover.Close aria-label="Close" className="cursor-pointer rounded-md p-1 text-slate-400 hover:text-slate-700">
              <X aria-hidden="true" className="size-4" />
            </Popover.Close>
          </div>

          <input
            ref={input}
            id={inputId}
            type="file"
            accept={UPLOAD_ACCEPT}
            className="sr-only"
            aria-describedby={statusId}
            disabled={uploading}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
          {file ? (
            <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
              <FileUp aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900" title={file.name}>
                  {file.name}
                </p>
                <p className="text-xs text-slate-500">{formatSize(file.size)}</p>
              </div>
              <button
                type="button"
                aria-label="Clear selected file"
                onClick={clear}
                disabled={uploading}
                className="cursor-pointer rounded-md p-1 text-slate-400 hover:bg-slate-200 hover:text-slate-700 disabled:cursor-not-allowed"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          ) : (
            <label
              htmlFor={inputId}
              className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed border-slate-300 px-3 py-5 text-center text-sm text-slate-600 transition-colors hover:border-brand-500 hover:bg-brand-50/40 focus-within:border-brand-500"
            >
              <FileUp aria-hidden="true" className="size-6 text-slate-400" />
              <span className="font-medium text-slate-800">Choose a file</span>
              <span className="text-xs text-slate-500">PDF, Word, text, CSV or Markdown</span>
            </label>
          )}

          {uploading && (
            <div className="mt-3">
              <div
                role="progressbar"
                aria-label="Upload progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(state.progress * 100)}
                className="h-2 overflow-hidden rounded-full bg-slate-100"
              >
                <div
                  className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
                  style={{ width: `${Math.max(4, state.progress * 100)}%` }}
                />
              </div>
              <p className="mt-1 text-xs text-slate-500">
                {state.progress < 1 ? `Uploading… ${Math.round(state.progress * 100)}%` : 'Reading the document…'}
              </p>
            </div>
          )}

          <div id={statusId} aria-live="polite">
            {state.kind === 'error' && (
              <p className="mt-3 flex items-start gap-2 text-sm text-red-700">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {state.message}
              </p>
            )}
          </div>

          <div className="mt-4 flex justify-end gap-2">
            {!file && (
              <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={uploading}>
                Browse…
              </Button>
            )}
            <Button
              variant="brand"
              size="sm"
              className={cn(!file && 'hidden')}
              onClick={() => void upload()}
              loading={uploading}
              disabled={!file || !uploadKindOf(file.name)}
            >
              Upload
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
