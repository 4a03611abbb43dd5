import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { copyText } from '../../lib/chat/clipboard';
import { toast } from '../../lib/toast';
import { MessageAction } from './message-action';

const COPIED_MS = 2000;

/** Copies `text`; `showLabel` writes the label next to the icon instead of only in the tooltip. */
export function CopyButton({ text, label = 'Copy message', showLabel = false }: { text: string; label?: string; showLabel?: boolean }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const name = copied ? 'Copied' : label;
  const copy = async () => {
    if (await copyText(text)) setCopied(true);
    else toast({ title: 'Could not copy', description: 'Select the text and copy it with your keyboard.', variant: 'destructive' });
  };
  return (
    <MessageAction
      label={name}
      className={
        showLabel ? 'h-auto w-auto gap-1 px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200 ring-inset' : undefined
      }
      onClick={() => void copy()}
    >
      {copied ? <Check aria-hidden="true" className="size-4 text-emerald-600" /> : <Copy aria-hidden="true" className="size-4" />}
      {showLabel && <span aria-hidden="true">{name}</span>}
    </MessageAction>
  );
}
