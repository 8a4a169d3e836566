import {
  documentKindDeclarations,
  PDF_CHECK_MAX_MEGABYTES,
  PDF_CHECK_MESSAGES,
  type PdfCheck,
  pdfCheckHeadlines,
  sealRootEndpoint,
} from '@app/contract';
import { type DragEvent, useId, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { VerdictBanner } from '../../components/ui/VerdictBanner.tsx';
import { useCheckPdf } from './api/check-pdf.ts';

const MAX_BYTES = PDF_CHECK_MAX_MEGABYTES * 1024 * 1024;

/**
 * /verify: "Verify a PDF" (PRODUCT.md, Sealed PDFs and Verify a PDF). Anyone drops or picks a PDF; the server checks its TradeCert
 * seal and the record, and answers Genuine (with what the version's QR code page shows), Altered or
 * Not issued by TradeCert.
 */
export default function VerifyPdfPage() {
  const inputId = useId();
  const check = useCheckPdf();
  const [tooLarge, setTooLarge] = useState(false);
  const [dragging, setDragging] = useState(false);
  // The input is emptied after each pick (so the same file can be checked again): the name is kept here.
  const [chosenName, setChosenName] = useState<string>();

  const checkFile = (file: File | undefined) => {
    if (!file) return;
    setChosenName(file.name);
    setTooLarge(file.size > MAX_BYTES);
    if (file.size > MAX_BYTES) return check.reset();
    check.send(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    checkFile(event.dataTransfer.files[0]);
  };

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:py-10">
      <PageTitle>Verify a PDF</PageTitle>
      <p>
        Check a PDF you were given: a certificate, a SWMS, a cover sheet or a signed PDF. We check the TradeCert seal
        inside it and what our record says of that version. The file is read, not kept.
      </p>
      {/* The browser's own file control ("Choose File / No file chosen") is hidden but still takes
          the focus and the keyboard: the label around it is what is seen, ringed when it has the focus. */}
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-md border-2 border-dashed p-4 text-center has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${
          dragging ? 'border-brand-600 bg-brand-50 dark:bg-slate-900' : 'border-slate-400 dark:border-slate-500'
        }`}
      >
        <span className={buttonClasses('secondary')}>Choose a PDF to check</span>
        <span className="text-sm">or drop it here (up to {PDF_CHECK_MAX_MEGABYTES} MB)</span>
        <input
          id={inputId}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          onChange={(event) => {
            checkFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      <div aria-live="polite" className="flex flex-col gap-4">
        {chosenName ? (
          <p className="text-sm">
            Chosen: <bdi>{chosenName}</bdi>
          </p>
        ) : null}
        {tooLarge ? <Alert tone="error">{PDF_CHECK_MESSAGES.tooLarge}</Alert> : null}
        {check.isPending ? <Spinner label="Checking the PDF..." /> : null}
        {check.error ? <Alert tone="error">{check.error.message}</Alert> : null}
        {check.data ? <Result check={check.data} /> : null}
      </div>
      <p className="text-sm">
        <a href={sealRootEndpoint.path} download className="font-medium underline">
          Download the seal's root certificate
        </a>
        . Trusting it in your PDF reader (Adobe Acrobat: Preferences, Signatures, Identities &amp; Trusted Certificates)
        makes the reader show our seal as trusted, not as from an unknown identity. It is this TradeCert server's own
        certificate and vouches for nothing but its seal.
      </p>
    </section>
  );
}

function Result({ check }: { check: PdfCheck }) {
  const { document } = check;
  if (check.result !== 'genuine' || !document) {
    return (
      <Alert tone="error">
        <h2 className="text-lg font-bold">{pdfCheckHeadlines[check.result]}</h2>
        <p>{check.result === 'altered' ? PDF_CHECK_MESSAGES.altered : PDF_CHECK_MESSAGES.notIssued}</p>
      </Alert>
    );
  }
  return (
    <>
      <Alert tone="success">
        <h2 className="text-lg font-bold">{pdfCheckHeadlines.genuine}</h2>
        <p>
          Sealed by TradeCert and unchanged since: {documentKindDeclarations[document.kind].shortName} {document.number}
          , version {document.version}, issued by <bdi>{document.business_name || 'a business not recorded'}</bdi>.
        </p>
      </Alert>
      <VerdictBanner verdict={document.verdict} />
    </>
  );
}
