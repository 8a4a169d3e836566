import { DECLINE_REASON_MAX } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Button, SubmitButton } from '../../components/ui/Button.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { declineDocument } from './api/decline-document.ts';
import { type Done, isClosed, problemOf } from './sign-outcome.ts';

/** Declining to sign, with a reason the sender reads (part of /sign/:token, loaded when chosen). */
export default function DeclineForm({
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
      else setError(problemOf(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      {/* A one-line field: it keeps the public page's script small (TextArea would be split into a chunk of its own). */}
      <TextField
        label="Why do you decline to sign?"
        value={reason}
        maxLength={DECLINE_REASON_MAX}
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
