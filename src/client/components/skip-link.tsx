import type { MouseEvent } from 'react';

/** The id of every page's `<main>`: where the skip link moves the focus. */
export const MAIN_CONTENT_ID = 'main-content';

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  // Focused here rather than by the fragment, so the router never sees a changed URL. Focusable only
  // for this moment: a main that stayed focusable would take the focus from every click on its text.
  event.preventDefault();
  main.tabIndex = -1;
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

/** The first tab stop of every page: hidden until focused, it moves the focus past the header to the page's content. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skipToContent}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200] focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-700 focus:shadow-lg"
    >
      Skip to content
    </a>
  );
}
