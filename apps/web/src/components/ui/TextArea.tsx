import { type Ref, type TextareaHTMLAttributes, useLayoutEffect, useRef } from 'react';
import { Field } from './Field.tsx';

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
  /** Grows with its text instead of scrolling (`rows` is then its least height). */
  grow?: boolean | undefined;
};

const fieldSizing = () => typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/** A labelled multi-line input, e.g. an address. */
export function TextArea({
  label,
  hint,
  error,
  id,
  className,
  rows = 3,
  grow = false,
  ref,
  ...textarea
}: TextAreaProps) {
  const inner = useRef<HTMLTextAreaElement | null>(null);
  // Where CSS field-sizing is missing, the height follows the text's scroll height.
  useLayoutEffect(() => {
    const element = inner.current;
    if (!grow || !element || fieldSizing()) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  });
  const setRef = (element: HTMLTextAreaElement | null) => {
    inner.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <textarea
          {...control}
          ref={setRef}
          className={`${control.className} py-2${grow ? ' resize-none overflow-hidden [field-sizing:content]' : ''}`}
          style={grow ? { minHeight: `calc(${rows}lh + 1rem + 2px)` } : undefined}
          rows={rows}
          {...textarea}
        />
      )}
    </Field>
  );
}
