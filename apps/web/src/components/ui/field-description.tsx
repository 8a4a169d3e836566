import { type ReactNode, useId } from 'react';

/**
 * The ids that tie a control to its hint and its error, and the aria props built from them: the
 * control is described by the hint and the error that are shown, and invalid while there is an error.
 */
export function useFieldDescription({ id, hint, error }: { id?: string | undefined; hint?: unknown; error?: unknown }) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  return {
    controlId,
    hintId,
    errorId,
    describedBy: [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined,
    invalid: error ? (true as const) : undefined,
  };
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-slate-600 dark:text-slate-300">
      {children}
    </p>
  );
}

/** `alert`: announced as it appears, for an error that comes after an action rather than on submit. */
export function FieldError({ id, alert = false, children }: { id: string; alert?: boolean; children: ReactNode }) {
  return (
    <p id={id} role={alert ? 'alert' : undefined} className="text-sm font-medium text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}
