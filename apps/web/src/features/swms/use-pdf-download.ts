import { useState } from 'react';
import { toast } from '../../components/ui/notifications/index.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';

/**
 * A document's PDF download (a SWMS, a cover sheet): busy while the PDF is made, and a failure kept
 * for the page to show after its toast has gone (ADR 0053). `download` saves what is typed first.
 */
export function usePdfDownload(download: (version?: number) => Promise<void>) {
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const start = async (version?: number) => {
    setDownloading(true);
    setFailure(undefined);
    try {
      await download(version);
    } catch (error) {
      setFailure(error);
      toast({ title: 'Download failed', description: requestErrorMessage(error), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, failure, start };
}
