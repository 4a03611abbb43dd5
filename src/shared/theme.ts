/** The themes a reader can choose in settings; 'system' follows the device's light or dark setting. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type Theme = Exclude<ThemeChoice, 'system'>;

/** The choice is kept per browser; no key means 'system'. */
export const THEME_STORAGE_KEY = 'copydesk-theme';

/**
 * Runs inline at the top of <head>, before the stylesheet paints anything, so
 * a dark page never flashes white: it sets <html data-theme> from the stored
 * choice or the system setting, and again when the system setting changes or
 * another tab changes the choice. The Vite build writes this exact text into
 * index.html and the server allows it in its Content-Security-Policy by hash.
 */
export const THEME_BOOT_SCRIPT = `(function () {
  var root = document.documentElement;
  var system = matchMedia('(prefers-color-scheme: dark)');
  function apply() {
    var choice = null;
    try {
      choice = localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});
    } catch (e) {}
    root.setAttribute('data-theme', choice === 'light' || choice === 'dark' ? choice : system.matches ? 'dark' : 'light');
  }
  apply();
  system.addEventListener('change', apply);
  addEventListener('storage', apply);
})();`;
