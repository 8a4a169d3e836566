import type { SignPage } from '@app/contract';

/**
 * A site code showing a revised SWMS (ADR 0066): who signed an earlier version reads what changed
 * and signs this one again.
 */
export default function ChangesSince({ page }: { page: SignPage }) {
  const changes = page.changes_since;
  if (!changes) return null;
  return (
    <div className="rounded-md border-2 border-amber-600 p-3">
      <h2 className="font-semibold">
        This SWMS has changed: this is version {page.document.version}. If you signed version {changes.version}, sign
        again.
      </h2>
      <p className="mt-1">Changed since version {changes.version}:</p>
      <ul className="list-disc pl-5">
        {changes.changed.map((part) => (
          <li key={part}>{part}</li>
        ))}
      </ul>
    </div>
  );
}
