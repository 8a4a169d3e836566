import { useState } from 'react';
import { ActionProblem } from '../../../components/ui/ActionProblem.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Fetches one PDF when pressed and saves it; says so by the button (and in a toast) when it fails. */
export function PdfDownloadButton({
  label,
  problem,
  fallbackName,
  fetchPdf,
}: {
  label: string;
  /** What went wrong, without a full stop: "The signed PDF could not be made". */
  problem: string;
  fallbackName: string;
  fetchPdf: () => Promise<{ blob: Blob; filename: string | null }>;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const download = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const { blob, filename } = await fetchPdf();
      saveFile(blob, filename ?? fallbackName);
    } catch (error) {
      setFailure(error);
      toast({ title: problem, description: requestErrorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing...' : label}
      </Button>
      <ActionProblem what={`${problem}.`} error={failure} />
    </div>
  );
}
