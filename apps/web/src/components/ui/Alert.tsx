import type { ReactNode, Ref } from 'react';

const tones = {
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-50',
  success: 'border-brand-600/40 bg-brand-50 text-brand-800 dark:border-brand-600 dark:bg-slate-900 dark:text-brand-100',
  info: 'border-slate-300 bg-slate-50 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
} as const;

/**
 * A message in the page flow. Errors are role="alert" so they are announced when they appear;
 * success notes are a polite status. With a `ref` (focusWhenShown), the alert can take
 * the focus as it appears: the answer to a submit no one field is to blame for, whose button was
 * disabled while busy, so the focus would otherwise fall to the page.
 */
export function Alert({
  tone,
  ref,
  live = true,
  children,
}: {
  tone: keyof typeof tones;
  ref?: Ref<HTMLDivElement>;
  /** False for what was announced already (by a toast): the page keeps it without saying it twice. */
  live?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      role={live ? (tone === 'error' ? 'alert' : 'status') : undefined}
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      className={`rounded-md border p-3 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  );
}
