const KEY = 'redirectAfterLogin';

/** Saves the page to come back to after signing in (the invitation page does this). */
export function saveRedirectAfterLogin(url: string = window.location.href) {
  sessionStorage.setItem(KEY, url);
}

/** Reads and clears the saved page; only a same-origin path is honoured, never an outside site. */
export function takeRedirectAfterLogin(): string | null {
  const saved = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!saved) return null;
  try {
    const url = new URL(saved, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** The token of the invitation page saved before /auth, if that is what was saved; the page stays saved. */
export function savedInvitationToken(): string | null {
  const saved = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
  if (!saved) return null;
  try {
    const url = new URL(saved, window.location.origin);
    if (url.origin !== window.location.origin || url.pathname !== '/accept-invitation') return null;
    return url.searchParams.get('token') || null;
  } catch {
    return null;
  }
}
