import type { ReactNode } from 'react';

/** A titled section of a certificate's page, ruled off from the one above. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-200 pt-4 dark:border-slate-800">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** Free text as written, line breaks kept; a dash when empty. */
export function Text({ children }: { children: string }) {
  return (
    <p className="whitespace-pre-line break-words">
      <bdi>{children.trim() || '—'}</bdi>
    </p>
  );
}
