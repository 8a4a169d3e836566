import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { PageColumn } from '../../components/ui/PageColumn.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { isNotFound } from './api/get-certificate.ts';
import { useCertificatePdf } from './api/get-certificate-pdf.ts';
import { versionParam } from './format.ts';

/**
 * /certificates/{id}/download: the certificate's PDF, under the share page's rule (anyone for a
 * completed certificate; the owner for a draft). The download starts by itself; the page keeps a
 * button for a second copy and a way back.
 */
export default function CertificateDownloadPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const version = versionParam(search);
  const { pdf: download, retry } = useCertificatePdf(id, version);
  const link = useRef<HTMLAnchorElement>(null);

  // Start the download once, as soon as the file is here.
  useEffect(() => {
    if (download.status === 'ready') link.current?.click();
  }, [download.status]);

  const back = (
    <Link
      to={`/certificates/${encodeURIComponent(id)}${version ? `?version=${version}` : ''}`}
      className={buttonClasses('secondary')}
    >
      Back to the certificate
    </Link>
  );

  if (download.status === 'failed' && isNotFound(download.error)) {
    return (
      <PageColumn
        title="Certificate not found"
        intro="Check that the link is complete. Only completed certificates can be downloaded by others; ask the applicator for a new link."
      />
    );
  }
  return (
    <PageColumn title="Download certificate">
      <div className="flex flex-col items-start gap-4">
        {download.status === 'preparing' ? <Spinner label="Preparing the PDF..." /> : null}
        {download.status === 'ready' ? (
          <>
            <p>Your download has started. If it did not, use the button below.</p>
            <div className="flex flex-wrap gap-3">
              <a ref={link} href={download.url} download={download.filename} className={buttonClasses()}>
                Download PDF ({download.filename})
              </a>
              {back}
            </div>
          </>
        ) : null}
        {download.status === 'failed' ? (
          <>
            <Alert tone="error">The PDF could not be prepared. Check your connection and try again.</Alert>
            <div className="flex flex-wrap gap-3">
              <Button onClick={retry}>Try again</Button>
              {back}
            </div>
          </>
        ) : null}
      </div>
    </PageColumn>
  );
}
