import { DECLINE_REASON_MAX } from '@app/contract';
import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button, SubmitButton } from '../../components/ui/Button.tsx';
import { focusWhenShown } from '../../components/ui/focus-when-shown.ts';
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
  const [error, setErrorState] = useState<string>();
  const [saving, setSaving] = useState(false);
  const reasonField = useRef<HTMLInputElement>(null);
  // The field says what is wrong, and takes the focus (the button was disabled while busy).
  const setError = (message: string) => {
    flushSync(() => setErrorState(message));
    reasonField.current?.focus();
  };

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
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate aria-labelledby="decline-heading">
      <h2 id="decline-heading" ref={focusWhenShown} tabIndex={-1} className="text-lg font-semibold">
        Decline to sign
      </h2>
      {/* A one-line field: it keeps the public page's script small (TextArea would be split into a chunk of its own). */}
      <TextField
        label="Why do you decline to sign?"
        ref={reasonField}
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
