import { Fragment } from 'react';
import { briefMarkdown, type Inline } from '../../lib/chat/brief-markdown';
import { cn } from '../../lib/cn';
import { MARKDOWN_CLASSES as C } from './markdown-classes';

function Inlines({ nodes }: { nodes: Inline[] }) {
  return nodes.map((node, i) =>
    typeof node === 'string' ? (
      <Fragment key={i}>{node}</Fragment>
    ) : node.mark === 'code' ? (
      <code key={i} className={C.code}>
        {node.text}
      </code>
    ) : node.mark === 'strong' ? (
      <strong key={i} className={C.strong}>
        <Inlines nodes={node.children} />
      </strong>
    ) : (
      <em key={i}>
        <Inlines nodes={node.children} />
      </em>
    ),
  );
}

/**
 * A short note from the editor (what it can do) drawn as the full Markdown renderer draws it, for
 * the marks such a note uses: an empty chat shows it without downloading and running that renderer.
 */
export function BriefMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn(C.body, className)}>
      {briefMarkdown(children).map((block, i) => {
        if (block.kind === 'paragraph')
          return (
            <p key={i} className={C.p}>
              <Inlines nodes={block.children} />
            </p>
          );
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={i} className={block.ordered ? C.ol : C.ul}>
            {block.items.map((item, j) => (
              <li key={j} className={C.li}>
                <Inlines nodes={item} />
              </li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
