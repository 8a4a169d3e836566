/** A labelled loading indicator; the label is visible text and is announced politely. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 p-6">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600 dark:border-slate-700 dark:border-t-brand-600"
      />
      <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>
    </div>
  );
}
