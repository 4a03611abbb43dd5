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
      className="sr-only z-[200] rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}
