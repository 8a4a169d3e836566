import type { Invitation } from '@app/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmActionDialog } from '../../../components/ui/ConfirmActionDialog.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { ResendButton } from '../../../components/ui/ResendButton.tsx';
import { useResendInvitationMutation } from '../api/resend-invitation.ts';
import { useRevokeInvitationMutation } from '../api/revoke-invitation.ts';
import { shortDate } from '../dates.ts';
import { ROLE_LABELS, type TeamAbilities } from '../team-abilities.ts';

/** Invitations waiting for an answer: to whom, as what, from whom, until when; resent or revoked. */
export function InvitationList({
  userId,
  invitations,
  abilities,
}: {
  userId: string;
  invitations: readonly Invitation[];
  abilities: TeamAbilities;
}) {
  const resend = useResendInvitationMutation(userId);
  const revoke = useRevokeInvitationMutation(userId);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  return (
    <section aria-labelledby="invitations-heading" className="flex flex-col gap-4">
      <h2 id="invitations-heading" className="text-xl font-semibold">
        Invitations waiting
      </h2>
      {invitations.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">No invitations are waiting for an answer.</p>
      ) : (
        <ul aria-label="Invitations waiting" className="flex flex-col gap-3">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <p className="font-semibold break-words">{invitation.email}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {ROLE_LABELS[invitation.role]} · Invited by {invitation.invited_by_name?.trim() || 'a former member'} ·
                Expires {shortDate(invitation.expires_at)}
              </p>
              {abilities.managesInvitationFor(invitation.role) ? (
                <div className="mt-3 flex flex-wrap gap-2">
                  <ResendButton
                    label={`Resend the invitation to ${invitation.email}`}
                    pending={resend.isPending && resend.variables === invitation.id}
                    sent={{
                      title: 'Invitation sent again',
                      description: `${invitation.email} has a new link; the old one no longer works.`,
                    }}
                    resend={(outcome) => resend.mutate(invitation.id, outcome)}
                  />
                  <Button
                    variant="secondary"
                    aria-label={`Revoke the invitation to ${invitation.email}`}
                    onClick={() => setRevoking(invitation)}
                  >
                    Revoke
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {revoking ? (
        <ConfirmActionDialog
          title="Revoke this invitation?"
          description={`The link sent to ${revoking.email} will stop working. You can invite them again later.`}
          cancelLabel="Keep invitation"
          confirmLabel="Revoke invitation"
          failure="Revoke failed."
          action={async () => {
            await revoke.mutateAsync(revoking.id);
            toast({ title: 'Invitation revoked', description: `The link sent to ${revoking.email} no longer works.` });
            setRevoking(null);
          }}
          onCancel={() => setRevoking(null)}
        />
      ) : null}
    </section>
  );
}
