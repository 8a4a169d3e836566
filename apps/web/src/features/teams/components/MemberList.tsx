import type { InvitableRole, TeamMember } from '@app/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmActionDialog } from '../../../components/ui/ConfirmActionDialog.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { Select } from '../../../components/ui/Select.tsx';
import { StatusChip } from '../../../components/ui/StatusChip.tsx';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { useChangeRoleMutation } from '../api/change-role.ts';
import { useRemoveMemberMutation } from '../api/remove-member.ts';
import { nameOf } from '../member-name.ts';
import { ROLE_LABELS, type TeamAbilities } from '../team-abilities.ts';

/** The business's members, owner first: who they are, their role, and what the caller may change. */
export function MemberList({
  userId,
  members,
  abilities,
}: {
  userId: string;
  members: readonly TeamMember[];
  abilities: TeamAbilities;
}) {
  const remove = useRemoveMemberMutation(userId);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  return (
    <section aria-labelledby="members-heading" className="flex flex-col gap-4">
      <h2 id="members-heading" className="text-xl font-semibold">
        Members
      </h2>
      <ul aria-label="Members" className="flex flex-col gap-3">
        {members.map((member) => (
          <li key={member.user_id} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold break-words">
                  {nameOf(member)}
                  {member.user_id === userId ? (
                    <StatusChip tone="brand" className="ml-2">
                      You
                    </StatusChip>
                  ) : null}
                  {member.seated ? null : (
                    <StatusChip tone="warning" className="ml-2">
                      Read only: no seat
                    </StatusChip>
                  )}
                </p>
                {member.name.trim() ? (
                  <p className="text-sm break-words text-slate-600 dark:text-slate-300">{member.email}</p>
                ) : null}
                {abilities.mayChangeRole(member) ? null : (
                  <p className="text-sm text-slate-600 dark:text-slate-300">Role: {ROLE_LABELS[member.role]}</p>
                )}
              </div>
              {abilities.mayRemove(member) ? (
                <Button variant="secondary" aria-label={`Remove ${nameOf(member)}`} onClick={() => setRemoving(member)}>
                  Remove
                </Button>
              ) : null}
            </div>
            {abilities.mayChangeRole(member) ? <RoleChoice userId={userId} member={member} /> : null}
          </li>
        ))}
      </ul>
      {removing ? (
        <ConfirmActionDialog
          title={`Remove ${nameOf(removing)}?`}
          description={`${nameOf(removing)} will be signed out at once and can no longer open this business's records. What they made stays here, with their name on it.`}
          cancelLabel="Keep member"
          confirmLabel="Remove member"
          failure="Remove failed."
          action={async () => {
            await remove.mutateAsync(removing.user_id);
            toast({ title: 'Member removed', description: `${nameOf(removing)} is no longer in your team.` });
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}

/** The owner's choice of a member's role; it applies at once, and the member signs in again to take it up. */
function RoleChoice({ userId, member }: { userId: string; member: TeamMember }) {
  const change = useChangeRoleMutation(userId);
  return (
    <Select
      className="mt-3"
      label={`Role of ${nameOf(member)}`}
      value={member.role}
      disabled={change.isPending}
      error={change.isError ? requestErrorMessage(change.error) : undefined}
      onChange={(event) =>
        change.mutate(
          { memberId: member.user_id, role: event.target.value as InvitableRole },
          {
            onSuccess: (changed) =>
              toast({
                title: 'Role changed',
                description: `${nameOf(member)} is now ${ROLE_LABELS[changed.role]}. They sign in again to use it.`,
              }),
          },
        )
      }
      options={(['office', 'field'] as const).map((value) => ({ value, label: ROLE_LABELS[value] }))}
    />
  );
}
