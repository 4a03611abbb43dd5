import type { Page } from 'playwright-core';

/** The chat page's parts as a user finds them: by role and name, or by the role of a message. */
export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
export const userMessages = (page: Page) => page.locator('article[data-role="user"]');
export const replies = (page: Page) => page.locator('article[data-role="assistant"]');
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
