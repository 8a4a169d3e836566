import { useEffect, useId, useState } from 'react';
import {
  followSystemTheme,
  parseThemePreference,
  readThemePreference,
  saveThemePreference,
  type ThemePreference,
} from '../../lib/theme.ts';

const labels: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };

export function ThemeSelect() {
  const id = useId();
  const [preference, setPreference] = useState<ThemePreference>(readThemePreference);

  useEffect(() => followSystemTheme(readThemePreference), []);

  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id}>Theme</label>
      <select
        id={id}
        value={preference}
        onChange={(event) => {
          const next = parseThemePreference(event.target.value);
          setPreference(next);
          saveThemePreference(next);
        }}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
      >
        {Object.entries(labels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
