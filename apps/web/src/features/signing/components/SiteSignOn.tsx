import { SITE_SIGN_ON_DEFAULT_LIMIT, type SigningPanel as SigningPanelData } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { ActionProblem } from '../../../components/ui/ActionProblem.tsx';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, SubmitButton } from '../../../components/ui/Button.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { TextField } from '../../../components/ui/TextField.tsx';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { fetchSiteBoard } from '../api/get-site-board.ts';
import { useOpenSiteSignOnMutation } from '../api/open-site-sign-on.ts';
import { useRevokeSiteSignOnMutation } from '../api/revoke-site-sign-on.ts';
import type { PanelRef } from '../api/signing-keys.ts';
import { siteSignOnLimitOf } from '../signer-drafts.ts';
import { PdfDownloadButton } from './PdfDownloadButton.tsx';

/** The QR code workers scan to sign on at the site: shown with a limit, counted, withdrawn. */
export function SiteSignOn({ data, panelRef }: { data: SigningPanelData; panelRef: PanelRef }) {
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
