import type { Swms } from '@app/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { useSwmsVersion } from './api/get-swms-version.ts';
import { FormSection } from './components/SwmsFrame.tsx';

const when = (iso: string) => new Date(iso).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/** Every version, the current one marked; older ones stay readable with who signed them. */
export function VersionHistory({
  userId,
  swms,
  onDownload,
}: {
  userId: string;
  swms: Swms;
  onDownload: (version: number) => void;
}) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <FormSection level={3} title="Versions">
      <ul className="flex flex-col gap-2">
        {[...swms.versions].reverse().map((version) => (
          <li key={version.version} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
            <p className="font-semibold">
              Version {version.version}
              {version.current ? ' (current)' : ''}
            </p>
            <p>
              {version.signature_count} signature{version.signature_count === 1 ? '' : 's'} · started{' '}
              {when(version.created_at)}
            </p>
            {/* For checking a paper copy; a tradie reading the page does not need it in the way. */}
            <details className="text-xs">
              <summary className="min-h-11 cursor-pointer py-2 font-medium">Details</summary>
              <p className="break-all font-mono">SHA-256 {version.fingerprint}</p>
            </details>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => onDownload(version.version)}>
                PDF of version {version.version}
              </Button>
              {version.signature_count > 0 ? (
                <Button
                  variant="secondary"
                  aria-expanded={open === version.version}
                  onClick={() => setOpen(open === version.version ? null : version.version)}
                >
                  Signatures of version {version.version}
                </Button>
              ) : null}
            </div>
            {open === version.version ? <Signatures userId={userId} id={swms.id} version={version.version} /> : null}
          </li>
        ))}
      </ul>
    </FormSection>
  );
}

function Signatures({ userId, id, version }: { userId: string; id: string; version: number }) {
  const read = useSwmsVersion(userId, id, version);
  if (!read.data) return <p className="mt-2">{read.isError ? 'The signatures could not be loaded.' : 'Loading...'}</p>;
  return (
    <ul className="mt-2 list-disc pl-5">
      {read.data.signatures.map((signature) => (
        <li key={`${signature.signer_name}-${signature.signed_at}`}>
          {signature.signer_name}
          {signature.signer_company ? `, ${signature.signer_company}` : ''} · {when(signature.signed_at)}
        </li>
      ))}
    </ul>
  );
}
