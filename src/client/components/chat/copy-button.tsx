import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { copyText } from '../../lib/chat/clipboard';
import { toast } from '../../lib/toast';
import { MessageAction } from './message-action';

const COPIED_MS = 2000;

export function CopyButton({ text, label = 'Copy message' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <MessageAction
      label={copied ? 'Copied' : label}
      onClick={async () => {
        if (await copyText(text)) setCopied(true);
        else toast({ title: 'Could not copy', description: 'Select the text and copy it with your keyboard.', variant: 'destructive' });
      }}
    >
      {copied ? <Check aria-hidden="true" className="size-4 text-emerald-600" /> : <Copy aria-hidden="true" className="size-4" />}
    </MessageAction>
  );
}
