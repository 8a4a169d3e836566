import type { InvitationPreview, JoiningRecordsChoice, RecordsToResolve } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmActionDialog } from '../../../components/ui/ConfirmActionDialog.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { acceptInvitation } from '../api/accept-invitation.ts';
import { businessCalled, recordsToResolve } from '../invitation-view.ts';

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const recordsNamed = (records: RecordsToResolve) =>
  `${counted(records.certificates, 'certificate', 'certificates')} and ${counted(records.safety_documents, 'SWMS or cover sheet', 'SWMS and cover sheets')}`;

/**
 * "Join <business>" for the invitee signed in with the invited address. When their own account
 * holds records, the server asks what becomes of them (409 `records_to_resolve`): bring them (their
 * numbers kept, ADR 0089), or delete them after a second confirmation; nothing is dropped without
 * that answer (ADR 0077).
 */
export function JoinBusiness({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const business = businessCalled(invitation.business_name);
  const [joining, setJoining] = useState(false);
  const [problem, setProblem] = useState<{ message: string; records: RecordsToResolve | null } | null>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState<RecordsToResolve | null>(null);

  const join = async (records?: JoiningRecordsChoice) => {
    const accepted = await acceptInvitation(token, records);
    // Everything read so far was of the business they left.
    await queryClient.resetQueries();
    const joined = businessCalled(accepted.business.name);
    const brought = records === 'bring' ? problem?.records : undefined;
    toast({
      title: `You joined ${joined}`,
      description: brought
        ? `Your ${recordsNamed(brought)} are now ${joined}’s, each with its number as issued.`
        : 'You are signed in as a member.',
    });
    navigate('/', { replace: true });
  };

  const tryJoin = async (records?: JoiningRecordsChoice) => {
    setJoining(true);
    setProblem(null);
    try {
      await join(records);
    } catch (error) {
      setProblem({ message: requestErrorMessage(error), records: recordsToResolve(error) });
    } finally {
      setJoining(false);
    }
  };

  const ownRecords = problem?.records;
  return (
    <>
      {problem ? (
        <Alert tone={ownRecords ? 'info' : 'error'}>
          <p>{problem.message}</p>
        </Alert>
      ) : null}
      {ownRecords ? (
        <div className="flex flex-col gap-3">
          <Button disabled={joining} onClick={() => void tryJoin('bring')}>
            Bring them into {business}
          </Button>
          <Button variant="secondary" disabled={joining} onClick={() => setConfirmingDiscard(ownRecords)}>
            Delete them and join
          </Button>
        </div>
      ) : (
        <Button className="self-start" disabled={joining} onClick={() => void tryJoin()}>
          {joining ? 'Joining...' : `Join ${business}`}
        </Button>
      )}
      {confirmingDiscard ? (
        <ConfirmActionDialog
          title="Delete your records and join?"
          description={`This deletes your ${recordsNamed(confirmingDiscard)} for good, then you join ${business}. It cannot be undone.`}
          cancelLabel="Keep my records"
          confirmLabel="Delete and join"
          failure="Joining failed."
          action={() => join('discard')}
          onCancel={() => setConfirmingDiscard(null)}
        />
      ) : null}
    </>
  );
}
