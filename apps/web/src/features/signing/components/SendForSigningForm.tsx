import { MAX_SIGNERS_PER_SEND } from '@app/contract';
import { type ChangeEvent, type FormEvent, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, SubmitButton } from '../../../components/ui/Button.tsx';
import { focusWhenShown } from '../../../components/ui/focus-when-shown.ts';
import { KeptFormOffer } from '../../../components/ui/KeptFormOffer.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useFieldRefs } from '../../../components/ui/use-field-refs.ts';
import { requestErrorMessage, rowErrorsFrom } from '../../../lib/request-errors.ts';
import { useKeptForm } from '../../../lib/use-kept-form.ts';
import { useSendForSigningMutation } from '../api/send-for-signing.ts';
import type { PanelRef } from '../api/signing-keys.ts';
import { type DraftField, emptySigner, type KeptSignerRow, type SignerDraft, signerDrafts } from '../signer-drafts.ts';

/** A row's fields, in the order they are shown (the first invalid one takes the focus). */
const signerFields: readonly DraftField[] = ['name', 'email', 'role', 'company'];
/** A field of a row of the send form, as the server's details name it: `1.name` is Signer 2's name. */
type SignerField = `${number}.${DraftField}`;

/** The send form as it starts: what kept rows are compared with. */
const NO_SIGNERS: KeptSignerRow[] = signerDrafts.rows([emptySigner()]);

/** "Send for signing": one or more signers, each sent a link of their own. */
export function SendForSigningForm({ panelRef }: { panelRef: PanelRef }) {
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
