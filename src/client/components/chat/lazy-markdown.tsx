import { lazy, Suspense } from 'react';
import { plainTextLines } from '~/shared/plain-text';
import { cn } from '../../lib/cn';
import { MARKDOWN_CLASSES as C } from './markdown-classes';

// react-markdown and remark-gfm are a third of the chat page's code and an empty chat needs none of it.
const RenderedMarkdown = lazy(() => import('./markdown').then((m) => ({ default: m.Markdown })));

/** The editor's Markdown, rendered once its renderer has loaded; until then the same words as plain paragraphs. */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <Suspense
      fallback={
        <div className={cn(C.body, className)}>
          {plainTextLines(children).map((line, i) => (
            <p key={i} className={C.p}>
              {line}
            </p>
          ))}
        </div>
      }
    >
      <RenderedMarkdown className={className}>{children}</RenderedMarkdown>
    </Suspense>
  );
}
