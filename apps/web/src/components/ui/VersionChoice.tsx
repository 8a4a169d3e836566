import { type ReactNode, useId } from 'react';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';

/** A field where two versions differ: what this phone has, and what was saved elsewhere. */
type ComparedField = { label: string; mine: string; saved: string };

/**
 * A record changed elsewhere while changes waited on this phone (ADR 0036): what happened, the two
 * versions side by side where they differ (stacked on a phone, in two columns on a wider screen),
 * and the choice. Nothing is overwritten until the user makes it.
 */
export function VersionChoice({
  explanation,
  fields,
  busy = false,
  onKeepMine,
  onKeepOther,
}: {
  explanation: ReactNode;
  fields: readonly ComparedField[];
  busy?: boolean;
  onKeepMine: () => void;
  onKeepOther: () => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <Alert tone="error">
        <h2 id={headingId} className="font-semibold">
          Changed on another device
        </h2>
        <p>{explanation} Nothing has been overwritten: compare the two versions and choose which to keep.</p>
      </Alert>
      {fields.length === 0 ? (
        <p>Both versions now say the same: keeping either changes nothing.</p>
      ) : (
        <dl className="flex flex-col gap-4">
          {fields.map((field) => (
            <div key={field.label} className="flex flex-col gap-2">
              <dt className="font-semibold">{field.label}</dt>
              <dd className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                <Version title="Yours, on this phone" text={field.mine} />
                <Version title="Saved from elsewhere" text={field.saved} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      <div className="flex flex-wrap gap-3">
        <Button disabled={busy} onClick={onKeepMine}>
          Keep my version
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onKeepOther}>
          Keep the other version
        </Button>
      </div>
    </section>
  );
}

function Version({ title, text }: { title: string; text: string }) {
  return (
    <div className="rounded-md border border-slate-300 p-3 dark:border-slate-600">
      <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{title}</p>
      <p className="whitespace-pre-wrap break-words">{text || '(empty)'}</p>
    </div>
  );
}
