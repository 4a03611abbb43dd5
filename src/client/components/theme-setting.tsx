import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { THEME_CHOICES, THEME_STORAGE_KEY, type ThemeChoice } from '~/shared/theme';
import { chooseTheme, storedThemeChoice } from '../lib/theme';

const OPTIONS: Record<ThemeChoice, { label: string; icon: LucideIcon }> = {
  system: { label: 'System', icon: Monitor },
  light: { label: 'Light', icon: Sun },
  dark: { label: 'Dark', icon: Moon },
};

/** Native radios, so arrow keys move the choice; it applies as it changes, with nothing to save. */
export function ThemeSetting() {
  const [choice, setChoice] = useState(storedThemeChoice);

  // Another tab may change the choice; this one shows it (the page itself already follows).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) setChoice(storedThemeChoice());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return (
    <fieldset role="radiogroup" aria-describedby="theme-hint">
      <legend className="text-sm font-medium text-slate-900">Theme</legend>
      <p id="theme-hint" className="mt-0.5 text-sm text-slate-500">
        System follows your device&apos;s light or dark setting.
      </p>
      <div className="mt-3 grid max-w-md grid-cols-3 gap-2">
        {THEME_CHOICES.map((value) => {
          const { label, icon: Icon } = OPTIONS[value];
          return (
            <label
              key={value}
              className="flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border border-slate-200 bg-white px-3 py-3 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-50 has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={choice === value}
                onChange={() => {
                  setChoice(value);
                  chooseTheme(value);
                }}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-5" />
              {label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
