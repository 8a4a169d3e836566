import { READ_DECLARATION, SIGNER_NAME_MAX, type SignatureMethod, type SignPage as SignPageData } from '@app/contract';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useParams } from 'react-router';
import { Button } from '../../components/ui/Button.tsx';
import { focusWhenShown } from '../../components/ui/focus-when-shown.ts';
import { SignaturePad } from '../../components/ui/SignaturePad.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSignPage } from './api/get-sign-page.ts';
import { signDocument } from './api/sign-document.ts';
import { type Done, isClosed, problemOf } from './sign-outcome.ts';
import { Column, DocumentSummary, formatDate, SignedCopyLink } from './sign-parts.tsx';

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
        <p>{problemOf(read.error)}</p>
        {invalid ? null : <Button onClick={reload}>Try again</Button>}
      </Column>
    );
  }
  return <SignView token={token} page={read.data} reload={reload} />;
}

function SignView({ token, page, reload }: { token: string; page: SignPageData; reload: () => void }) {
  const [outcome, setOutcome] = useState<{ state: 'signed' | 'declined'; at: string }>();
  if (outcome) {
    const signed = outcome.state === 'signed';
    return (
      <Column title={signed ? 'Thank you for signing' : 'You declined to sign'} focusTitle>
        <p role="status">
          {signed ? 'You signed ' : 'You declined to sign '}
          <bdi>{page.document.title}</bdi> on {formatDate(outcome.at)}.{' '}
          {signed ? 'You can close this page.' : <bdi>{page.company_name}</bdi>}
          {signed ? '' : ' can see your reason.'}
        </p>
        {signed && page.mode === 'link' ? <SignedCopyLink token={token} /> : null}
      </Column>
    );
  }
  switch (page.state) {
    case 'open':
      return (
        <Column title={page.mode === 'site' ? 'Sign on to this SWMS' : 'Sign document'}>
          {page.changes_since ? (
            <Suspense fallback={null}>
              <ChangesSince page={page} />
            </Suspense>
          ) : null}
          <DocumentSummary page={page} token={token} />
          <SignOrDecline token={token} page={page} onDone={setOutcome} onClosed={reload} />
        </Column>
      );
    default:
      return (
        <Suspense fallback={<Spinner label="Loading..." />}>
          <ClosedLink page={page} token={token} />
        </Suspense>
      );
  }
}

// Most links are open and most signers sign: the pages of closed links and the decline form load
// only when needed.
const ClosedLink = lazy(() => import('./ClosedLink.tsx'));
// Only a site code of a revised SWMS says what changed.
const ChangesSince = lazy(() => import('./ChangesSince.tsx'));
const DeclineForm = lazy(() => import('./DeclineForm.tsx'));
// Drawing is the common way; typing (with its font) and uploading load when chosen (ADR 0052).
const SignatureAlternative = lazy(() => import('./SignatureAlternatives.tsx'));

/** The ways to sign, as the choice names them. */
const METHODS: ReadonlyArray<[SignatureMethod, string]> = [
  ['drawn', 'Draw'],
  ['typed', 'Type'],
  ['uploaded', 'Upload'],
];

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
  // Back from a view hands the focus to the button that opened it, not to the page.
  const [backFrom, setBackFrom] = useState<'sign' | 'decline'>();
  const back = () => {
    setBackFrom(choice);
    setChoice(undefined);
  };
  if (choice === 'sign')
    return <SignForm token={token} page={page} onDone={onDone} onClosed={onClosed} onBack={back} />;
  if (choice === 'decline') {
    return (
      <Suspense fallback={<Spinner label="Loading..." />}>
        <DeclineForm token={token} onDone={onDone} onClosed={onClosed} onBack={back} />
      </Suspense>
    );
  }
  return (
    <div className="flex flex-wrap gap-3">
      <Button ref={backFrom === 'sign' ? focusWhenShown : undefined} onClick={() => setChoice('sign')}>
        Sign
      </Button>
      {page.mode === 'link' ? (
        <Button
          ref={backFrom === 'decline' ? focusWhenShown : undefined}
          variant="secondary"
          onClick={() => setChoice('decline')}
        >
          Decline
        </Button>
      ) : null}
    </div>
  );
}

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
  const headingId = useId();
  const [name, setName] = useState(page.signer_name ?? '');
  const [company, setCompany] = useState('');
  const [read, setRead] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; company?: string; read?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const [method, setMethod] = useState<SignatureMethod>('drawn');
  const onSite = page.mode === 'site';
  const nameField = useRef<HTMLInputElement>(null);
  const companyField = useRef<HTMLInputElement>(null);
  const readBox = useRef<HTMLInputElement>(null);

  /**
   * Checks the form as "Sign document" is pressed, before the signature is read from its box (which
   * takes a moment): the first field with a problem, in form order, takes the focus at once and says
   * why, its error committed first so it is read out with the field. False when something is missing.
   */
  const checkForm = () => {
    const problems: { name?: string; company?: string; read?: string } = {
      ...(name.trim() ? {} : { name: 'Type your name.' }),
      ...(onSite && !company.trim() ? { company: 'Enter the company you work for.' } : {}),
      ...(read ? {} : { read: 'Tick the box to confirm you have read and understood the document.' }),
    };
    flushSync(() => setErrors(problems));
    const invalid = (problems.name && nameField) || (problems.company && companyField) || (problems.read && readBox);
    if (!invalid) return true;
    invalid.current?.focus();
    return false;
  };

  const submit = async (signature: Blob) => {
    setSaving(true);
    try {
      const outcome = await signDocument(token, {
        name: name.trim(),
        company: onSite ? company.trim() : null,
        read_confirmed: true,
        signature_png: await base64Of(signature),
        method,
        // A site code opens whichever version is current: the sign-on names the one read here (ADR 0066).
        ...(onSite && { document_fingerprint: page.document.fingerprint }),
      });
      onDone({ state: 'signed', at: outcome.at });
    } catch (error) {
      if (isClosed(error)) onClosed();
      else setErrors({ form: problemOf(error) });
    } finally {
      setSaving(false);
    }
  };

  // What every way to sign is handed: each ends in the same "Sign document".
  const capture = { saveLabel: 'Sign document', checkFirst: checkForm, onSave: submit, onCancel: onBack, saving };

  return (
    <section className="flex flex-col gap-4" aria-labelledby={headingId}>
      <h2 id={headingId} ref={focusWhenShown} tabIndex={-1} className="text-lg font-semibold">
        {onSite ? 'Sign on' : 'Sign'}
      </h2>
      <TextField
        label="Your full name"
        ref={nameField}
        value={name}
        maxLength={SIGNER_NAME_MAX}
        autoComplete="name"
        onChange={(event) => setName(event.target.value)}
        error={errors.name}
      />
      {onSite ? (
        <TextField
          label="Company"
          ref={companyField}
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
            ref={readBox}
            type="checkbox"
            className="size-5"
            checked={read}
            aria-invalid={errors.read ? true : undefined}
            aria-describedby={errors.read ? `${declarationId}-error` : undefined}
            onChange={(event) => setRead(event.target.checked)}
          />
          {READ_DECLARATION}
        </label>
        {errors.read ? (
          <p id={`${declarationId}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {errors.read}
          </p>
        ) : null}
      </div>
      {errors.form ? (
        <p role="alert" className="font-medium text-red-700 dark:text-red-400">
          {errors.form}
        </p>
      ) : null}
      <fieldset className="flex flex-col gap-1">
        <legend className="font-medium">How do you want to sign?</legend>
        <div className="flex flex-wrap gap-3">
          {METHODS.map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="method"
                className="size-5"
                checked={method === value}
                onChange={() => setMethod(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {method === 'drawn' ? (
        <SignaturePad subject="your signature" otherWays="choose Type or Upload above" {...capture} />
      ) : (
        <Suspense fallback={<Spinner label="Loading..." />}>
          <SignatureAlternative method={method} name={name} {...capture} />
        </Suspense>
      )}
    </section>
  );
}

/** The signature image as base64 (what the JSON body carries). */
async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
