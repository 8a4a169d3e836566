import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Guidance shown under the field before anything goes wrong. */
  hint?: string | undefined;
  /** What is wrong with the value and how to fix it. */
  error?: string | undefined;
  /** Rendered beside the input, e.g. a show-password button. */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField({ label, hint, error, trailing, id, className = '', ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          // 16 px text: phones zoom into anything smaller on focus.
          className={`min-h-11 w-full min-w-0 rounded-md border bg-white px-3 text-base dark:bg-slate-900 ${
            error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-600'
          }`}
          {...input}
        />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
