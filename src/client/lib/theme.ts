import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY, type Theme, type ThemeChoice } from '~/shared/theme';

const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)').matches;

/** The theme chosen on this browser; 'system' when none was (or storage is off). */
export function storedThemeChoice(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Keeps the choice and applies it at once. The boot script in index.html keeps 'system' following the device. */
export function chooseTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage is off (a private window's policy): the choice still holds until the page is left.
  }
  const theme: Theme = choice === 'system' ? (systemDark() ? 'dark' : 'light') : choice;
  document.documentElement.setAttribute('data-theme', theme);
}

function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

const currentTheme = (): Theme => (document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light');

/** The theme the page shows now, for the few parts styled outside CSS (Stripe's payment form). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribeToTheme, currentTheme, () => 'light');
}
