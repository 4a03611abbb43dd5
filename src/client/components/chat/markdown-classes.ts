/** How the editor's Markdown looks, whether the full renderer or the brief one draws it. */
export const MARKDOWN_CLASSES = {
  body: 'text-[0.95rem] leading-relaxed break-words text-slate-800',
  p: 'my-2 first:mt-0 last:mb-0',
  ul: 'my-2 list-disc space-y-1 pl-5',
  ol: 'my-2 list-decimal space-y-1 pl-5',
  li: 'pl-0.5 marker:text-slate-400',
  strong: 'font-semibold text-slate-900',
  code: 'rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]',
} as const;
