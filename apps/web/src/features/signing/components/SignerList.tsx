import type { SignerStatus, SignerView } from '@app/contract';
import { useState } from 'react';
import { ActionProblem } from '../../../components/ui/ActionProblem.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { JoinedText } from '../../../components/ui/JoinedText.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { useResendSigningRequestMutation } from '../api/resend-signing-request.ts';
import { useRevokeSigningRequestMutation } from '../api/revoke-signing-request.ts';
import { useSetAsideSignOnMutation } from '../api/set-aside-sign-on.ts';
import type { PanelRef } from '../api/signing-keys.ts';

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

/** Who a version was sent to (or signed on at the site) and where each stands, with what can be done about each. */
export function SignerList({
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
