/** What the server writes into index.html for the page it sends (docs/decisions/020, 032). */
import type { AssistantCapabilities, ConversationPage, ConversationWithMessages } from './schemas/chat';

/** The id of the JSON block that says who is signed in: the user, or `null` for nobody. */
export const PAGE_SESSION_ID = 'copydesk-session';

/** The id of the JSON block (superjson) with the server's answers to what the page draws first. */
export const PAGE_ANSWERS_ID = 'copydesk-answers';

/** The answers the chat page draws first, as a signed-in user's own requests would get them. */
export interface PageAnswers {
  /** chat.capabilities */
  capabilities?: AssistantCapabilities;
  /** chat.list's first page */
  conversations?: ConversationPage;
  /** chat.get of that page's first conversation, when it is small enough to come with the page */
  conversation?: ConversationWithMessages;
}

export interface PageModules {
  /** Lazily loaded modules the page renders first, named as in Vite's build manifest (from src/client). */
  modules: readonly string[];
  /** Behind the login guard: a visitor is sent to /auth, so its code is not announced to one. */
  signedIn?: boolean;
}

/** Each page's code beyond the entry, announced in the page so it downloads beside the entry script. */
export const PAGE_MODULES: Readonly<Record<string, PageModules>> = {
  '/': { modules: ['routes/landing-page.tsx'] },
  '/auth': { modules: ['routes/auth-page.tsx'] },
  '/contact': { modules: ['routes/contact-page.tsx'] },
  '/forgot-password': { modules: ['routes/forgot-password-page.tsx'] },
  '/reset-password': { modules: ['routes/reset-password-page.tsx'] },
  '/accept-invitation': { modules: ['routes/accept-invitation-page.tsx'] },
  '/subscribe': { modules: ['routes/subscribe-page.tsx'], signedIn: true },
  '/success': { modules: ['routes/success-page.tsx'], signedIn: true },
  '/settings': { modules: ['routes/settings-page.tsx'], signedIn: true },
  '/team': { modules: ['routes/team-page.tsx'], signedIn: true },
  '/stylebook': { modules: ['routes/stylebook-page.tsx'], signedIn: true },
  '/admin': { modules: ['components/admin/admin-console.tsx'], signedIn: true },
  '/chat': { modules: ['routes/subscribed-layout.tsx', 'routes/chat-page.tsx'], signedIn: true },
};
