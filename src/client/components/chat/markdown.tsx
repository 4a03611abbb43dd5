import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { cn } from '../../lib/cn';
import { MARKDOWN_CLASSES as C } from './markdown-classes';

const COMPONENTS: Components = {
  h1: ({ node: _n, ...p }) => <h3 className="mt-5 mb-2 first:mt-0" {...p} />,
  h2: ({ node: _n, ...p }) => <h3 className="mt-5 mb-2 text-base first:mt-0" {...p} />,
  h3: ({ node: _n, ...p }) => <h4 className="mt-4 mb-1.5 text-sm font-semibold tracking-wide text-slate-700 uppercase first:mt-0" {...p} />,
  h4: ({ node: _n, ...p }) => <h5 className="mt-3 mb-1 font-semibold first:mt-0" {...p} />,
  p: ({ node: _n, ...p }) => <p className={C.p} {...p} />,
  ul: ({ node: _n, ...p }) => <ul className={C.ul} {...p} />,
  ol: ({ node: _n, ...p }) => <ol className={C.ol} {...p} />,
  li: ({ node: _n, ...p }) => <li className={C.li} {...p} />,
  a: ({ node: _n, ...p }) => (
    <a className="font-medium text-brand-700 underline underline-offset-2" target="_blank" rel="noopener noreferrer" {...p} />
  ),
  blockquote: ({ node: _n, ...p }) => <blockquote className="my-3 border-l-4 border-slate-200 pl-3 text-slate-700 italic" {...p} />,
  code: ({ node: _n, className, ...p }) => <code className={cn(C.code, className)} {...p} />,
  pre: ({ node: _n, ...p }) => (
    <pre
      className="light-palette my-3 overflow-x-auto rounded-lg bg-slate-900 p-3 text-sm text-slate-100 [&_code]:bg-transparent [&_code]:p-0"
      {...p}
    />
  ),
  hr: () => <hr className="my-4 border-slate-200" />,
  table: ({ node: _n, ...p }) => (
    <div className="my-3 overflow-x-auto">
      <table className="w-full border-collapse text-sm" {...p} />
    </div>
  ),
  th: ({ node: _n, ...p }) => <th className="border border-slate-200 bg-slate-50 px-2 py-1 text-left font-semibold" {...p} />,
  td: ({ node: _n, ...p }) => <td className="border border-slate-200 px-2 py-1 align-top" {...p} />,
  del: ({ node: _n, ...p }) => <del className="text-red-700 decoration-red-400" {...p} />,
  strong: ({ node: _n, ...p }) => <strong className={C.strong} {...p} />,
};

/**
 * The editor's Markdown. Raw HTML is never rendered (react-markdown escapes it
 * without rehype-raw), images are dropped (a reply must not load anything), and
 * links open in a new tab with the default safe-URL filter.
 */
export const Markdown = memo(function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn(C.body, className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml disallowedElements={['img']} unwrapDisallowed components={COMPONENTS}>
        {children}
      </ReactMarkdown>
    </div>
  );
});
