import { type Certificate, REVIEW_NOTE_MAX_LENGTH } from '@app/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { TextArea } from '../../../components/ui/TextArea.tsx';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { reviewsCertificates, useTeam } from '../../../lib/team/team.ts';
import { useReviewMutation } from '../api/review-certificate.ts';
import { savedToast } from '../certificate-toasts.ts';

/**
 * Office reviews before issue (ADR 0077): a certificate in review waits for its maker, and the owner
 * or office member issues it or sends it back with a note; the note shows on the draft it went back as.
 */
export function ReviewPanel({ userId, certificate }: { userId: string; certificate: Certificate }) {
  const reviewer = reviewsCertificates(useTeam());
  if (certificate.status === 'draft' && certificate.review_note) {
    return (
      <Alert tone="info" live={false}>
        <strong>Sent back for changes:</strong> {certificate.review_note}
      </Alert>
    );
  }
  if (certificate.status !== 'in_review') return null;
  if (!reviewer) {
    return (
      <Alert tone="info" live={false}>
        <strong>Waiting for review.</strong> The office will issue it or send it back to you.
      </Alert>
    );
  }
  return <ReviewActions userId={userId} certificate={certificate} />;
}

function ReviewActions({ userId, certificate }: { userId: string; certificate: Certificate }) {
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const review = useReviewMutation(userId, certificate, {
    onSuccess: (saved) =>
      toast(
        saved.status === 'completed'
          ? savedToast(saved, 'update')
          : { title: 'Sent back', description: 'Its maker sees your note on the draft.' },
      ),
    onError: (error) => toast({ title: 'Not saved', description: requestErrorMessage(error), variant: 'destructive' }),
  });
  const sendBack = () => {
    const trimmed = note.trim();
    if (!trimmed) {
      setNoteError('Write a note saying what to change.');
      return;
    }
    setNoteError(undefined);
    review.mutate({ action: 'send-back', note: trimmed });
  };
  return (
    <section aria-labelledby="review-heading" className="flex flex-col gap-3 rounded-md border p-3">
      <h2 id="review-heading" className="font-semibold">
        In review
      </h2>
      <p className="text-sm">Issue it as it stands (it is numbered and counted then), or send it back with a note.</p>
      <Button disabled={review.isPending} onClick={() => review.mutate({ action: 'issue' })}>
        Issue
      </Button>
      <TextArea
        label="Note for its maker"
        value={note}
        maxLength={REVIEW_NOTE_MAX_LENGTH}
        error={noteError}
        onChange={(event) => setNote(event.target.value)}
      />
      <Button variant="secondary" disabled={review.isPending} onClick={sendBack}>
        Send back
      </Button>
    </section>
  );
}
