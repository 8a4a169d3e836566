import type { ReactNode } from 'react';
import { FieldError, FieldHint, useFieldDescription } from './field-description.tsx';

/** What a form control needs to be tied to its label, hint and error. */
type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
};

type FieldProps = {
  label: string;
  /** Guidance shown under the control before anything goes wrong. */
  hint?: string | undefined;
  /** What is wrong with the value and how to fix it. */
  error?: string | undefined;
  id?: string | undefined;
  className?: string | undefined;
  /** Renders the control with the props that connect it to the label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * The frame every form control shares: a visible label, then the control, its hint and its error,
 * tied together for screen readers.
 */
export function Field({ label, hint, error, id, className = '', children }: FieldProps) {
  const { controlId, hintId, errorId, describedBy, invalid } = useFieldDescription({ id, hint, error });
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={controlId} className="text-sm font-medium">
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': invalid,
        'aria-describedby': describedBy,
        // 16 px text: phones zoom into anything smaller on focus.
        className: `min-h-11 w-full min-w-0 rounded-md border bg-white px-3 text-base dark:bg-slate-900 ${
          error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-600'
        }`,
      })}
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
