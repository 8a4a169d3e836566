import {
  MAX_SIGNERS_PER_SEND,
  SITE_SIGN_ON_DEFAULT_LIMIT,
  type SignableDocumentKind,
  type SignerStatus,
  type SignerView,
  type SigningPanel as SigningPanelData,
} from '@app/contract';
import { type ChangeEvent, type FormEvent, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { ActionProblem } from '../../components/ui/ActionProblem.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, SubmitButton } from '../../components/ui/Button.tsx';
import { focusWhenShown } from '../../components/ui/focus-when-shown.ts';
import { JoinedText } from '../../components/ui/JoinedText.tsx';
import { KeptFormOffer } from '../../components/ui/KeptFormOffer.tsx';
import { toast } from '../../components/ui/notifications/index.ts';
import { TextField } from '../../components/ui/TextField.tsx';
import { useFieldRefs } from '../../components/ui/use-field-refs.ts';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { requestErrorMessage, rowErrorsFrom } from '../../lib/request-errors.ts';
import { useKeptForm } from '../../lib/use-kept-form.ts';
import { fetchSignedPdf } from './api/get-signed-pdf.ts';
import { useSigningPanel } from './api/get-signing-panel.ts';
import { fetchSiteBoard } from './api/get-site-board.ts';
import { useOpenSiteSignOnMutation } from './api/open-site-sign-on.ts';
import { useResendSigningRequestMutation } from './api/resend-signing-request.ts';
import { useRevokeSigningRequestMutation } from './api/revoke-signing-request.ts';
import { useRevokeSiteSignOnMutation } from './api/revoke-site-sign-on.ts';
import { useSendForSigningMutation } from './api/send-for-signing.ts';
import { useSetAsideSignOnMutation } from './api/set-aside-sign-on.ts';
import type { PanelRef } from './api/signing-keys.ts';
import { SendToBuilder } from './SendToBuilder.tsx';
import {
  type DraftField,
  emptySigner,
  type KeptSignerRow,
  type SignerDraft,
  signerDrafts,
  siteSignOnLimitOf,
} from './signer-drafts.ts';

const statusLabels: Record<SignerStatus, string> = {
  pending: 'Pending',
  opened: 'Opened',
  signed: 'Signed',
  declined: 'Declined',
  expired: 'Expired',
  revoked: 'Revoked',
};

const statusColours: Record<SignerStatus, string> = {
  pending: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  opened: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50',
  signed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50',
  declined: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50',
  expired: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
  revoked: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-100',
};

const formatTime = (iso: string) =>
  new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

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
      <SendForm panelRef={panelRef} />
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

function SignerList({
  signers,
  panelRef,
  emptyText,
}: {
  signers: SignerView[];
  panelRef: PanelRef;
  emptyText: string;
}) {
  if (signers.length === 0)
    return emptyText ? <p className="text-sm text-slate-600 dark:text-slate-300">{emptyText}</p> : null;
  return (
    <ul className="flex flex-col gap-3" aria-label="Signers">
      {signers.map((signer) => (
        <SignerRow key={signer.id} signer={signer} panelRef={panelRef} />
      ))}
    </ul>
  );
}

function SignerRow({ signer, panelRef }: { signer: SignerView; panelRef: PanelRef }) {
  const resend = useResendSigningRequestMutation(panelRef);
  const revoke = useRevokeSigningRequestMutation(panelRef);
  const setAside = useSetAsideSignOnMutation(panelRef);
  const [confirmingSetAside, setConfirmingSetAside] = useState(false);
  const actionable = !signer.on_site && ['pending', 'opened', 'expired'].includes(signer.status);
  const canSetAside = signer.on_site && signer.status === 'signed' && signer.set_aside_at === null;
  const times: Array<[string, string | null]> = [
    ['Sent', signer.sent_at],
    ['Opened', signer.opened_at],
    ['Signed', signer.signed_at],
    ['Declined', signer.declined_at],
    ['Revoked', signer.revoked_at],
  ];
  const act = (mutation: typeof resend, success: string) =>
    mutation.mutate(signer.id, {
      onSuccess: () => toast({ title: success, description: signer.name }),
      onError: (error) =>
        toast({ title: 'That did not work', description: requestErrorMessage(error), variant: 'destructive' }),
    });
  return (
    <li className="flex flex-col gap-1 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <bdi className="font-semibold">{signer.name}</bdi>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${statusColours[signer.status]}`}>
          {statusLabels[signer.status]}
        </span>
        {signer.on_site ? <span className="text-xs text-slate-600 dark:text-slate-300">Signed on site</span> : null}
        {signer.set_aside_at ? (
          <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-700 dark:text-slate-100">
            Set aside
          </span>
        ) : null}
      </div>
      <p className="break-words text-sm text-slate-600 dark:text-slate-300">
        <JoinedText parts={[signer.role, signer.company, signer.email]} />
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {times
          .filter((time): time is [string, string] => time[1] !== null)
          .map(([label, at]) => `${label} ${formatTime(at)}`)
          .join(' · ')}
        {signer.status === 'pending' || signer.status === 'opened' ? ` · Expires ${formatTime(signer.expires_at)}` : ''}
      </p>
      {signer.signature_method ? <p className="text-sm">Signature: {signer.signature_method}</p> : null}
      {signer.revoked_reason === 'new_version' ? (
        <p className="text-sm">Voided: the document has a newer version.</p>
      ) : null}
      {signer.decline_reason ? (
        <p className="text-sm">
          Reason: <bdi>{signer.decline_reason}</bdi>
        </p>
      ) : null}
      {signer.set_aside_at ? (
        <p className="text-sm">
          Set aside {formatTime(signer.set_aside_at)}: not on the register or the signed PDF's register. It stays in the
          audit trail.
        </p>
      ) : null}
      {canSetAside && !confirmingSetAside ? (
        <div className="mt-1">
          <Button
            variant="secondary"
            onClick={() => setConfirmingSetAside(true)}
            aria-label={`Set aside the sign-on of ${signer.name}`}
          >
            Set aside
          </Button>
        </div>
      ) : null}
      {canSetAside && confirmingSetAside ? (
        <div className="mt-1 flex flex-col gap-2 rounded-md bg-slate-50 p-2 dark:bg-slate-800">
          <p className="text-sm">
            Take {signer.name} off the register? Do this for a sign-on that is not one of your crew. It stays in the
            audit trail.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={setAside.isPending}
              onClick={() =>
                setAside.mutate(signer.id, {
                  onSuccess: () => toast({ title: 'Sign-on set aside', description: signer.name }),
                  onError: (error) =>
                    toast({
                      title: 'That did not work',
                      description: requestErrorMessage(error),
                      variant: 'destructive',
                    }),
                })
              }
            >
              Set aside {signer.name}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmingSetAside(false)}>
              Keep on the register
            </Button>
          </div>
        </div>
      ) : null}
      <ActionProblem what="Not sent again." error={resend.error} />
      <ActionProblem what="Not revoked." error={revoke.error} />
      <ActionProblem what="Not set aside." error={setAside.error} />
      {actionable ? (
        <div className="mt-1 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={resend.isPending}
            onClick={() => act(resend, 'Link sent again')}
            aria-label={`Resend to ${signer.name}`}
          >
            Resend
          </Button>
          <Button
            variant="secondary"
            disabled={revoke.isPending}
            onClick={() => act(revoke, 'Link revoked')}
            aria-label={`Revoke the link of ${signer.name}`}
          >
            Revoke
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** A row's fields, in the order they are shown (the first invalid one takes the focus). */
const signerFields: readonly DraftField[] = ['name', 'email', 'role', 'company'];
/** A field of a row of the send form, as the server's details name it: `1.name` is Signer 2's name. */
type SignerField = `${number}.${DraftField}`;

/** The send form as it starts: what kept rows are compared with. */
const NO_SIGNERS: KeptSignerRow[] = signerDrafts.rows([emptySigner()]);

function SendForm({ panelRef }: { panelRef: PanelRef }) {
  const [signers, setSigners] = useState<SignerDraft[]>([emptySigner()]);
  const rows = useMemo(() => signerDrafts.rows(signers), [signers]);
  // Names and addresses typed and not yet sent survive a reload or a dropped connection.
  const kept = useKeptForm({
    userId: panelRef.userId,
    formKey: panelRef.userId ? `signing-send:${panelRef.kind}:${panelRef.documentId}` : undefined,
    initial: NO_SIGNERS,
    values: rows,
    parse: signerDrafts.parseKept,
  });
  const [errors, setErrors] = useState<Partial<Record<SignerField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const { refFor, focusFirst } = useFieldRefs<SignerField>();
  const send = useSendForSigningMutation(panelRef);

  const update = (index: number, field: DraftField, value: string) =>
    setSigners((list) => signerDrafts.update(list, index, field, value));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(undefined);
    send.mutate(signerDrafts.request(signers), {
      onSuccess: ({ signers: sent }) => {
        setSigners([emptySigner()]);
        toast({ title: 'Sent for signing', description: `${sent.length} signing link(s) are on their way.` });
      },
      onError: (error) => {
        const found = rowErrorsFrom(error, 'signers', (index) => `Signer ${index + 1}`);
        // Rendered first, so the field the focus lands on already says what is wrong with it.
        flushSync(() => setErrors(found));
        // A problem with a row: its field takes the focus and says what to fix. Anything else is
        // the form's, announced where the form ends.
        const fields = signers.flatMap((_, index) => signerFields.map((field): SignerField => `${index}.${field}`));
        if (!focusFirst(fields, found)) setFormError(requestErrorMessage(error));
      },
    });
  };

  const fieldProps = (index: number, field: DraftField) => ({
    ref: refFor(`${index}.${field}`),
    error: errors[`${index}.${field}`],
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(index, field, event.target.value),
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-labelledby="send-heading">
      <h3 id="send-heading" className="font-semibold">
        Send for signing
      </h3>
      <KeptFormOffer
        keptAt={kept.offer?.keptAt}
        keptOnDevice={kept.keptOnDevice}
        onRestore={() => {
          const restored = kept.restore();
          if (restored) setSigners(signerDrafts.fromRows(restored));
        }}
        onDiscard={kept.discard}
      />
      {signers.map((signer, index) => (
        <fieldset
          key={signer.key}
          className="flex min-w-0 flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
        >
          <legend className="px-1 text-sm font-medium">Signer {index + 1}</legend>
          <TextField label="Name" value={signer.name} {...fieldProps(index, 'name')} />
          <TextField label="Email" type="email" value={signer.email} {...fieldProps(index, 'email')} />
          <TextField
            label="Role (optional)"
            value={signer.role}
            hint="e.g. Builder, Certifier"
            {...fieldProps(index, 'role')}
          />
          <TextField
            label="Company (optional)"
            value={signer.company}
            hint="Printed beside their name on the signed PDF"
            {...fieldProps(index, 'company')}
          />
          {signers.length > 1 ? (
            <Button
              variant="secondary"
              onClick={() => {
                setSigners((list) => signerDrafts.remove(list, index));
                // The rows after it move up: their messages would name the wrong signer.
                setErrors({});
              }}
              aria-label={`Remove signer ${index + 1}`}
            >
              Remove
            </Button>
          ) : null}
        </fieldset>
      ))}
      {formError ? (
        <Alert tone="error" ref={focusWhenShown}>
          {formError}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {signers.length < MAX_SIGNERS_PER_SEND ? (
          <Button variant="secondary" onClick={() => setSigners(signerDrafts.add)}>
            Add another signer
          </Button>
        ) : null}
        <SubmitButton pending={send.isPending} pendingLabel="Sending...">
          Send for signing
        </SubmitButton>
      </div>
    </form>
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

/** Fetches one PDF when pressed and saves it; says so by the button (and in a toast) when it fails. */
function PdfDownloadButton({
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
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename ?? fallbackName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
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

function SiteSignOn({ data, panelRef }: { data: SigningPanelData; panelRef: PanelRef }) {
  const open = useOpenSiteSignOnMutation(panelRef);
  const revoke = useRevokeSiteSignOnMutation(panelRef);
  const [limit, setLimit] = useState(String(SITE_SIGN_ON_DEFAULT_LIMIT));
  const [limitError, setLimitError] = useState<string>();
  const link = data.site_sign_on;
  const failed = (error: unknown) =>
    toast({ title: 'That did not work', description: requestErrorMessage(error), variant: 'destructive' });
  const show = (event: FormEvent) => {
    event.preventDefault();
    const chosen = siteSignOnLimitOf(limit);
    if ('problem' in chosen) return setLimitError(chosen.problem);
    setLimitError(undefined);
    open.mutate(chosen.limit, { onError: failed });
  };
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">Crew sign-on at the site</h3>
      <ActionProblem what="The QR code was not made." error={open.error} />
      <ActionProblem what="The QR code was not withdrawn." error={revoke.error} />
      {link ? (
        <>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(link.qr_svg)}`}
            alt={`QR code for signing on to version ${link.version}`}
            className="size-56 rounded bg-white p-2"
          />
          <p className="break-all text-sm">{link.url}</p>
          <p className="text-sm font-medium">
            {link.signed_on} of {link.max_sign_ons} signed on
          </p>
          {link.signed_on >= link.max_sign_ons ? (
            <Alert tone="error">This QR code is full. Withdraw it and show a new one to take more sign-ons.</Alert>
          ) : null}
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Workers scan this with their own phones. It stops working when you make a new version, when{' '}
            {link.max_sign_ons} have signed on, or when you withdraw it.
          </p>
          <div className="flex flex-wrap items-start gap-2">
            {/* The same code on A4, with the title, site and how to sign on: for the site's wall. */}
            <PdfDownloadButton
              label="Download site board"
              problem="The site board could not be made"
              fallbackName="site-board.pdf"
              fetchPdf={() => fetchSiteBoard(panelRef.kind, panelRef.documentId)}
            />
            <Button
              variant="secondary"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(undefined, { onError: failed })}
            >
              Withdraw QR code
            </Button>
          </div>
        </>
      ) : (
        <form onSubmit={show} noValidate className="flex flex-col gap-2">
          <TextField
            label="Most sign-ons on this QR code"
            inputMode="numeric"
            value={limit}
            hint="The size of your crew, with a few spare. Anyone with the code can sign on until it is full."
            error={limitError}
            onChange={(event) => setLimit(event.target.value)}
          />
          <div>
            <SubmitButton pending={open.isPending} pendingLabel="Making the QR code...">
              Show sign-on QR code
            </SubmitButton>
          </div>
        </form>
      )}
    </div>
  );
}
