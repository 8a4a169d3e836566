import type { ReactNode } from 'react';
import { focusWhenShown } from './view-focus.ts';

const tones = {
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-50',
  success: 'border-brand-600/40 bg-brand-50 text-brand-800 dark:border-brand-600 dark:bg-slate-900 dark:text-brand-100',
  info: 'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
} as const;

/**
 * A message in the page flow. Errors are role="alert" so they are announced when they appear;
 * success notes are a polite status. `focus`: the alert takes the focus when it appears, for the
 * answer to a submit that no one field is to blame for (the button that sent it was disabled while
 * busy, so the focus would fall to the page).
 */
export function Alert({ tone, focus, children }: { tone: keyof typeof tones; focus?: boolean; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      ref={focus ? focusWhenShown : undefined}
      tabIndex={focus ? -1 : undefined}
      className={`rounded-md border p-3 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  );
}
