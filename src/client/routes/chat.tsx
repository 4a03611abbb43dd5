import { createRoute } from '@tanstack/react-router';
import { titleHead } from '../lib/page-title';
import { subscribedLayout } from './layouts';

/** The chat screen's code (Markdown, diff, the whole workspace) loads only when /chat is opened. */
export const chatRoute = createRoute({
  getParentRoute: () => subscribedLayout,
  path: '/chat',
  head: titleHead('Chat'),
}).lazy(() => import('./chat-page').then((m) => m.chatLazyRoute));
