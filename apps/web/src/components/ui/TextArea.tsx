import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field } from './Field.tsx';

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled multi-line input, e.g. an address. */
export function TextArea({ label, hint, error, id, className, rows = 3, ...textarea }: TextAreaProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <textarea {...control} className={`${control.className} py-2`} rows={rows} {...textarea} />}
    </Field>
  );
}
