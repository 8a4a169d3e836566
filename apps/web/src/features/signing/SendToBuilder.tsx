import { type DocumentSend, SEND_MESSAGE_MAX } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, SubmitOrCancel, textLinkClasses } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/notifications/index.ts';
import { TextArea } from '../../components/ui/TextArea.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useProfile } from '../../lib/profile/get-profile.ts';
import { fieldErrorsFrom, requestErrorMessage } from '../../lib/request-errors.ts';
import { useUpgradePath } from '../../lib/upgrade-path.ts';
import { useDocumentSends } from './api/get-document-sends.ts';
import { useSendDocumentMutation } from './api/send-document.ts';
import type { PanelRef } from './api/signing-keys.ts';

const onDay = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
const at = (iso: string) =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );

const emptyDraft = { email: '', name: '', message: '' };

const SEND_HINT = 'They get a link of their own, and the PDF attached when it is small enough.';

/**
 * Sending the document to a builder (PRODUCT.md, Sending a document): "Send" opens the form; each
 * send is listed as "Sent to … on …", then "Opened …" once the recipient first opens their link.
 * The personal message is Premium's (the server refuses it from a free account), so a free account
 * is not offered the box. Owner-only: part of the signing panel's lazy chunk.
 */
export function SendToBuilder({ panelRef }: { panelRef: PanelRef }) {
  const premium = useProfile()?.subscription_tier === 'premium';
  const upgradePath = useUpgradePath();
  const sends = useDocumentSends(panelRef);
  const send = useSendDocumentMutation(panelRef);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edit = (field: keyof typeof emptyDraft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    send.mutate(
      { email: draft.email, name: draft.name, ...(premium && draft.message.trim() && { message: draft.message }) },
      {
        onSuccess: (sent) => {
          setDraft(emptyDraft);
          setOpen(false);
          toast({ title: 'Sent', description: `On its way to ${sent.recipient_email}.` });
        },
        // What was typed stays in the form, so it can be sent again once fixed.
        onError: (error) => setErrors({ ...fieldErrorsFrom(error), form: requestErrorMessage(error) }),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <h3 id="send-copy-heading" className="font-semibold">
        Send to the builder
      </h3>
      <SentList sends={sends.data?.sends} failed={sends.isError} />
      {open ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-labelledby="send-copy-heading">
          <TextField
            label="Their email"
            type="email"
            autoComplete="off"
            value={draft.email}
            error={errors.email}
            onChange={edit('email')}
          />
          <TextField label="Their name or company" value={draft.name} error={errors.name} onChange={edit('name')} />
          {premium ? (
            <TextArea
              label="Message (optional)"
              value={draft.message}
              maxLength={SEND_MESSAGE_MAX}
              error={errors.message}
              hint={SEND_HINT}
              onChange={edit('message')}
            />
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {SEND_HINT} Adding a personal message is part of{' '}
              <Link to={upgradePath} className={textLinkClasses}>
                Premium
              </Link>
              .
            </p>
          )}
          {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
          <SubmitOrCancel pending={send.isPending} pendingLabel="Sending..." onCancel={() => setOpen(false)}>
            Send the document
          </SubmitOrCancel>
        </form>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Send
          </Button>
        </div>
      )}
    </div>
  );
}

function SentList({ sends, failed }: { sends: DocumentSend[] | undefined; failed: boolean }) {
  if (failed) return <p className="text-sm">Who it was sent to could not be loaded. Reload the page to try again.</p>;
  if (!sends || sends.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label="Sent to">
      {sends.map((sent) => (
        <li key={sent.id} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
          <p className="break-words">
            Sent to <span className="font-semibold">{sent.recipient_name}</span> ({sent.recipient_email}) on{' '}
            {onDay.format(new Date(sent.sent_at))}
            {` · version ${sent.document_version}`}
          </p>
          <p className="text-slate-600 dark:text-slate-300">
            {sent.opened_at ? `Opened on ${at(sent.opened_at)}` : 'Not opened yet'}
            {sent.attached === false ? ' · link only (the PDF was too large to attach)' : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
