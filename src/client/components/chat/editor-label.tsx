import { Bot } from 'lucide-react';

/** Which editor answers in this chat: the embedded engine or the model's name (from the capabilities call). */
export function EditorLabel({ name }: { name: string | null }) {
  if (!name) return null;
  return (
    <p
      data-testid="editor-name"
      title={`Replies come from ${name}`}
      className="inline-flex max-w-[9rem] shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 sm:max-w-[14rem]"
    >
      <Bot aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only">Editor: </span>
      <span className="truncate">{name}</span>
    </p>
  );
}
