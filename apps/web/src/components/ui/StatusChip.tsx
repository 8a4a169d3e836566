import type { ReactNode } from 'react';

const tones = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
  brand: 'bg-brand-100 text-brand-900 ring-brand-300 dark:bg-brand-950 dark:text-brand-100 dark:ring-brand-700',
  success:
    'bg-success-100 text-success-900 ring-success-700/30 dark:bg-success-950 dark:text-success-100 dark:ring-success-700',
  warning:
    'bg-warning-100 text-warning-900 ring-warning-700/30 dark:bg-warning-950 dark:text-warning-100 dark:ring-warning-700',
  danger:
    'bg-danger-100 text-danger-900 ring-danger-700/30 dark:bg-danger-950 dark:text-danger-100 dark:ring-danger-700',
  info: 'bg-info-100 text-info-900 ring-info-700/30 dark:bg-info-950 dark:text-info-100 dark:ring-info-700',
} as const;

export type StatusTone = keyof typeof tones;

/**
 * A short status word ("Draft", "Completed", "Signed") in a coloured pill. The word carries the
 * meaning; the colour only repeats it, so it reads the same without colour. Pass `label` to give
 * screen readers a longer phrase (e.g. "Status: Draft").
 */
export function StatusChip({
  tone = 'neutral',
  label,
  className = '',
  children,
}: {
  tone?: StatusTone;
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-chip px-2.5 py-0.5 max-w-full text-xs font-semibold ring-1 ring-inset ${tones[tone]} ${className}`}
    >
      {label ? <span className="sr-only">{label}</span> : null}
      <span aria-hidden={label ? true : undefined}>{children}</span>
    </span>
  );
}
