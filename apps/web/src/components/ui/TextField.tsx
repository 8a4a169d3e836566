import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './Field.tsx';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
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
export function TextField({ label, hint, error, trailing, id, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <div className="flex gap-2">
          <input {...control} {...input} />
          {trailing}
        </div>
      )}
    </Field>
  );
}
