import { Copy } from 'lucide-react';
import { copyText } from '../lib/chat/clipboard';
import { toast } from '../lib/toast';
import { Button, type ButtonProps } from './button';

/** A small outline button that copies `text` and says in a toast whether it could. */
export function CopyTextButton({
  text,
  copiedTitle,
  failedTitle,
  children,
  ...button
}: Omit<ButtonProps, 'onClick'> & { text: string; copiedTitle: string; failedTitle: string }) {
  return (
    <Button
      variant="outline"
      size="sm"
      {...button}
      onClick={() =>
        void copyText(text).then((copied) =>
          toast(copied ? { title: copiedTitle, variant: 'success' } : { title: failedTitle, variant: 'destructive' }),
        )
      }
    >
      <Copy aria-hidden="true" className="size-4" />
      {children}
    </Button>
  );
}
