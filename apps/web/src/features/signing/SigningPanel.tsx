import type { SignableDocumentKind, SigningPanel as SigningPanelData } from '@app/contract';
import { useEffect } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { fetchSignedPdf } from './api/get-signed-pdf.ts';
import { useSigningPanel } from './api/get-signing-panel.ts';
import type { PanelRef } from './api/signing-keys.ts';
import { PdfDownloadButton } from './components/PdfDownloadButton.tsx';
import { SendForSigningForm } from './components/SendForSigningForm.tsx';
import { SignerList } from './components/SignerList.tsx';
import { SiteSignOn } from './components/SiteSignOn.tsx';
import { SendToBuilder } from './SendToBuilder.tsx';

/**
 * The owner's signing panel for one document (composed onto document pages in app/): who it was
 * sent to and where each stands, resend and revoke, sending to more signers, the signed PDF, and
 * the site sign-on QR code for documents workers sign on site.
 */
export default function SigningPanel({
  kind,
  documentId,
  version,
}: {
  kind: SignableDocumentKind;
  documentId: string;
  /** The version the page shows, when it can change under the panel (an edit after a signature). */
  version?: number | undefined;
}) {
  const auth = useAuth();
  const ref: PanelRef = { userId: auth.status === 'signed-in' ? auth.session.user.id : '', kind, documentId };
  const panel = useSigningPanel(ref);
  const { refetch } = panel;
  const outdated = version !== undefined && panel.data !== undefined && panel.data.document.version !== version;
  useEffect(() => {
    if (outdated) void refetch();
  }, [outdated, refetch]);
  return (
    <section
      aria-labelledby="signing-heading"
      className="mt-6 flex flex-col gap-4 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <h2 id="signing-heading" className="text-lg font-semibold">
        Signatures
      </h2>
      {panel.isError ? (
        <div className="flex flex-col items-start gap-2">
          <Alert tone="error">{requestErrorMessage(panel.error)}</Alert>
          <Button variant="secondary" onClick={() => void panel.refetch()}>
            Try again
          </Button>
        </div>
      ) : panel.data ? (
        <PanelBody data={panel.data} panelRef={ref} />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">Loading signatures...</p>
      )}
    </section>
  );
}

function PanelBody({ data, panelRef }: { data: SigningPanelData; panelRef: PanelRef }) {
  const current = data.signers.filter((signer) => signer.document_version === data.document.version);
  const older = data.signers.filter((signer) => signer.document_version !== data.document.version);
  return (
    <>
      {data.needs_resend ? (
        <Alert tone="error">
          This document has a new version (version {data.document.version}). Links to the old version no longer work:
          send the new version to your signers again.
        </Alert>
      ) : null}
      <SignerList signers={current} panelRef={panelRef} emptyText="Not sent for signing yet." />
      {data.signed_versions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {data.signed_versions.map((version) => (
            <SignedPdfButton key={version} panelRef={panelRef} version={version} />
          ))}
        </div>
      ) : null}
      <SendForSigningForm panelRef={panelRef} />
      <SendToBuilder panelRef={panelRef} />
      {data.site_sign_on_supported ? <SiteSignOn data={data} panelRef={panelRef} /> : null}
      {older.length > 0 ? (
        <details>
          <summary className="cursor-pointer font-medium">Earlier versions</summary>
          <SignerList signers={older} panelRef={panelRef} emptyText="" />
        </details>
      ) : null}
    </>
  );
}

function SignedPdfButton({ panelRef, version }: { panelRef: PanelRef; version: number }) {
  return (
    <PdfDownloadButton
      label={`Download signed PDF (version ${version})`}
      problem="The signed PDF could not be made"
      fallbackName={`signed-v${version}.pdf`}
      fetchPdf={() => fetchSignedPdf(panelRef.kind, panelRef.documentId, version)}
    />
  );
}
