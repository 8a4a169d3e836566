import {
  DECLINE_REASON_MAX,
  errorCodes,
  READ_DECLARATION,
  SIGNER_NAME_MAX,
  type SignPage as SignPageData,
  signingMessages,
} from '@app/contract';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses, SubmitButton } from '../../components/ui/Button.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { SignaturePad } from '../../components/ui/SignaturePad.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TextArea } from '../../components/ui/TextArea.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { declineDocument } from './api/decline-document.ts';
import { signPagePdfUrl, useSignPage } from './api/get-sign-page.ts';
import { signDocument } from './api/sign-document.ts';

/** "3 Dec 2026", in the signer's own time zone. */
const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

/**
 * /sign/:token: a signer (no account) reads the document as it will be filed and signs or declines
 * it; a worker on site signs on through the SWMS's QR code. Closed links get a plain page saying why.
 */
export default function SignPage() {
  const { token = '' } = useParams();
  const { read, reload } = useSignPage(token);
  if (read.status === 'loading') return <Spinner label="Loading the document..." />;
  if (read.status === 'failed') {
    const invalid = read.error instanceof ApiError && read.error.status === 404;
    return (
      <Column title={invalid ? 'This link is not valid' : 'Sign document'}>
        <p>{invalid ? signingMessages.notFound : requestErrorMessage(read.error)}</p>
        {invalid ? null : <Button onClick={reload}>Try again</Button>}
      </Column>
    );
  }
  return <SignView token={token} page={read.page} reload={reload} />;
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-6 sm:py-10">
      <PageTitle>{title}</PageTitle>
      {children}
    </article>
  );
}

function DocumentSummary({ page, token }: { page: SignPageData; token: string }) {
  const { document } = page;
  return (
    <section className="flex flex-col gap-2 rounded-md border border-slate-200 p-4 dark:border-slate-700">
      <p className="text-sm text-slate-600 dark:text-slate-300">From {page.company_name}</p>
      <h2 className="text-lg font-semibold">
        {document.title}
        {document.number ? ` ${document.number}` : ''}
      </h2>
      <p className="text-sm">Version {document.version}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Fingerprint (SHA-256): <span className="break-all font-mono">{document.fingerprint}</span>
      </p>
      <p>
        {/* The PDF is the document exactly as it is filed; phones open it in their own viewer. */}
        <a href={signPagePdfUrl(token)} target="_blank" rel="noopener" className={buttonClasses('secondary')}>
          Read the document (PDF)
        </a>
      </p>
    </section>
  );
}

function SignView({ token, page, reload }: { token: string; page: SignPageData; reload: () => void }) {
  const [outcome, setOutcome] = useState<{ state: 'signed' | 'declined'; at: string }>();
  const company = page.company_name;
  if (outcome) {
    return (
      <Column title={outcome.state === 'signed' ? 'Thank you for signing' : 'You declined to sign'}>
        <Alert tone="success">
          {outcome.state === 'signed'
            ? `You signed ${page.document.title} on ${formatDate(outcome.at)}. You can close this page.`
            : `You declined to sign ${page.document.title} on ${formatDate(outcome.at)}. ${company} can see your reason.`}
        </Alert>
      </Column>
    );
  }
  switch (page.state) {
    case 'open':
      return (
        <Column title={page.mode === 'site' ? 'Sign on to this SWMS' : 'Sign document'}>
          <DocumentSummary page={page} token={token} />
          <SignOrDecline token={token} page={page} onDone={setOutcome} onClosed={reload} />
        </Column>
      );
    case 'document_changed':
      return (
        <Column title="This document has changed">
          <DocumentSummary page={page} token={token} />
          <Alert tone="error">{signingMessages.documentChanged}</Alert>
        </Column>
      );
    case 'signed':
      return (
        <Column title="Already signed">
          <p>You signed this on {formatDate(page.signed_at ?? '')}.</p>
          <DocumentSummary page={page} token={token} />
        </Column>
      );
    case 'declined':
      return (
        <Column title="Already declined">
          <p>You declined to sign this on {formatDate(page.declined_at ?? '')}.</p>
        </Column>
      );
    case 'expired':
      return (
        <Column title="This link has expired">
          <p>This link has expired. Ask {company} for a new one.</p>
        </Column>
      );
    case 'revoked':
      return (
        <Column title="This link was withdrawn">
          <p>{company} withdrew this link. Ask them for a new one if you still need to sign.</p>
        </Column>
      );
    case 'new_version':
      return (
        <Column title="There is a newer version">
          <p>
            {company} has made a new version of this document, so this link no longer works. Ask {company} to send you
            the new version.
          </p>
        </Column>
      );
    case 'site_closed':
      return (
        <Column title="This sign-on code no longer works">
          <p>
            The document has a new version or the code was withdrawn. Ask the person running the site for the current
            code.
          </p>
        </Column>
      );
  }
}

type Done = (outcome: { state: 'signed' | 'declined'; at: string }) => void;

function SignOrDecline({
  token,
  page,
  onDone,
  onClosed,
}: {
  token: string;
  page: SignPageData;
  onDone: Done;
  onClosed: () => void;
}) {
  const [choice, setChoice] = useState<'sign' | 'decline'>();
  if (choice === 'sign')
    return (
      <SignForm token={token} page={page} onDone={onDone} onClosed={onClosed} onBack={() => setChoice(undefined)} />
    );
  if (choice === 'decline')
    return <DeclineForm token={token} onDone={onDone} onClosed={onClosed} onBack={() => setChoice(undefined)} />;
  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={() => setChoice('sign')}>Sign</Button>
      {page.mode === 'link' ? (
        <Button variant="secondary" onClick={() => setChoice('decline')}>
          Decline
        </Button>
      ) : null}
    </div>
  );
}

/** A refusal that means the page is out of date (signed elsewhere, revoked): show the link's state. */
const isClosed = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === errorCodes.signingLinkClosed || error.code === errorCodes.documentChanged);

function SignForm({
  token,
  page,
  onDone,
  onClosed,
  onBack,
}: {
  token: string;
  page: SignPageData;
  onDone: Done;
  onClosed: () => void;
  onBack: () => void;
}) {
  const declarationId = useId();
  const [name, setName] = useState(page.signer_name ?? '');
  const [company, setCompany] = useState('');
  const [read, setRead] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; company?: string; read?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const onSite = page.mode === 'site';

  const submit = async (drawing: Blob) => {
    const problems = {
      ...(name.trim() ? {} : { name: 'Type your name.' }),
      ...(onSite && !company.trim() ? { company: 'Enter the company you work for.' } : {}),
      ...(read ? {} : { read: 'Tick the box to confirm you have read and understood the document.' }),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const outcome = await signDocument(token, {
        name: name.trim(),
        company: onSite ? company.trim() : null,
        read_confirmed: true,
        signature_png: await base64Of(drawing),
      });
      onDone({ state: 'signed', at: outcome.at });
    } catch (error) {
      if (isClosed(error)) onClosed();
      else setErrors({ form: requestErrorMessage(error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="flex flex-col gap-4" aria-label="Sign">
      <TextField
        label="Your full name"
        value={name}
        maxLength={SIGNER_NAME_MAX}
        autoComplete="name"
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      {onSite ? (
        <TextField
          label="Company"
          value={company}
          maxLength={SIGNER_NAME_MAX}
          autoComplete="organization"
          onChange={(event) => setCompany(event.target.value)}
          error={errors.company}
        />
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={declarationId} className="flex min-h-11 items-center gap-3 font-medium">
          <input
            id={declarationId}
            type="checkbox"
            className="size-5"
            checked={read}
            aria-invalid={errors.read ? true : undefined}
            onChange={(event) => setRead(event.target.checked)}
          />
          {READ_DECLARATION}
        </label>
        {errors.read ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {errors.read}
          </p>
        ) : null}
      </div>
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      <SignaturePad
        subject="your signature"
        saveLabel="Sign document"
        onSave={submit}
        onCancel={onBack}
        saving={saving}
      />
    </section>
  );
}

function DeclineForm({
  token,
  onDone,
  onClosed,
  onBack,
}: {
  token: string;
  onDone: Done;
  onClosed: () => void;
  onBack: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Say why you decline, so the sender can put it right.');
      return;
    }
    setSaving(true);
    try {
      const outcome = await declineDocument(token, reason.trim());
      onDone({ state: 'declined', at: outcome.at });
    } catch (failure) {
      if (isClosed(failure)) onClosed();
      else setError(requestErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <TextArea
        label="Why do you decline to sign?"
        value={reason}
        maxLength={DECLINE_REASON_MAX}
        rows={4}
        onChange={(event) => setReason(event.target.value)}
        error={error}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={saving} pendingLabel="Declining..." variant="danger">
          Decline to sign
        </SubmitButton>
        <Button variant="secondary" onClick={onBack} disabled={saving}>
          Back
        </Button>
      </div>
    </form>
  );
}

/** The drawing as base64 (what the JSON body carries). */
async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
