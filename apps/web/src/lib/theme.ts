/** Theme preference: light by default, or dark, or follow the system (PRODUCT.md, Overview, PRODUCT.md, Plans). */
const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

// Also read by public/theme-init.js before the app loads.
const THEME_STORAGE_KEY = 'theme';

export function parseThemePreference(value: string | null | undefined): ThemePreference {
  return THEME_PREFERENCES.includes(value as ThemePreference) ? (value as ThemePreference) : 'light';
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): 'light' | 'dark' {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function readThemePreference(): ThemePreference {
  try {
    return parseThemePreference(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'light';
  }
}

function applyTheme(preference: ThemePreference) {
  const theme = resolveTheme(preference, darkQuery().matches);
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

export function saveThemePreference(preference: ThemePreference) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Private mode or full storage: the theme still applies for this visit.
  }
  applyTheme(preference);
}

/** Re-applies the theme when the OS setting changes, for users who chose "system". */
export function followSystemTheme(getPreference: () => ThemePreference): () => void {
  const query = darkQuery();
  const onChange = () => {
    if (getPreference() === 'system') applyTheme('system');
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
