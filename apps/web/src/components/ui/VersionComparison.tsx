/** A field where two versions differ: what this phone has, and what was saved elsewhere. */
export type ComparedField = { label: string; mine: string; saved: string };

/**
 * Two versions of a record side by side, only where they differ (a conflict to settle, ADR 0036):
 * stacked on a phone, in two columns on a wider screen, each value under its own heading.
 */
export function VersionComparison({ fields }: { fields: readonly ComparedField[] }) {
  if (fields.length === 0) return <p>Both versions now say the same: keeping either changes nothing.</p>;
  return (
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
