import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';

/**
 * A secret the server answers once (an API token, a webhook signing secret): shown in a field the
 * user can select, with a copy button, until they say they have kept it. With `focusOnShow` the
 * field takes the focus (selected, ready to copy), for a secret that replaced the button asked for it.
 */
export function ShownOnce({
  label,
  value,
  onDone,
  focusOnShow = false,
}: {
  label: string;
  value: string;
  onDone: () => void;
  focusOnShow?: boolean;
}) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnShow) field.current?.focus();
  }, [focusOnShow]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // No clipboard (an insecure origin, or permission refused): the field is there to copy by hand.
      setCopied('no');
    }
  };
  // Several cards may each show a secret at once: ids of their own.
  const id = useId();
  return (
    <Alert tone="success">
      <div className="flex flex-col gap-3">
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        <p>Copy it now and keep it somewhere safe: it will not be shown again.</p>
        <input
          ref={field}
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.target.select()}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void copy()}>Copy</Button>
          <Button variant="secondary" onClick={onDone}>
            I have kept it
          </Button>
        </div>
        <p aria-live="polite" className="text-sm">
          {copied === 'yes'
            ? 'Copied.'
            : copied === 'no'
              ? 'Copying is not available here: select the text and copy it.'
              : ''}
        </p>
      </div>
    </Alert>
  );
}
