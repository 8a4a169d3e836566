import type { InvitableRole } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { SubmitButton } from '../../../components/ui/Button.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { Select } from '../../../components/ui/Select.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { fieldErrorsFrom, requestErrorMessage } from '../../../lib/request-errors.ts';
import { useInviteMemberMutation } from '../api/invite-member.ts';
import { ROLE_LABELS } from '../team-abilities.ts';

const ROLE_HINTS: Record<InvitableRole, string> = {
  office: 'Office: runs the records and the field crew.',
  field: 'Field: makes certificates and SWMS on site.',
};

/** Invites someone by email as one of the roles the caller may give; the server's answer is shown as it comes. */
export function InviteForm({ userId, roles }: { userId: string; roles: readonly InvitableRole[] }) {
  const invite = useInviteMemberMutation(userId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>(roles.includes('field') ? 'field' : (roles[0] ?? 'field'));
  const errors = fieldErrorsFrom(invite.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (invitation) => {
          toast({ title: 'Invitation sent', description: `We emailed ${invitation.email} a link to join.` });
          setEmail('');
        },
      },
    );
  };

  return (
    <section aria-labelledby="invite-heading" className="flex flex-col gap-4">
      <h2 id="invite-heading" className="text-xl font-semibold">
        Invite someone
      </h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label="Email address"
          type="email"
          autoComplete="off"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <Select
          label="Role"
          value={role}
          onChange={(event) => setRole(event.target.value as InvitableRole)}
          hint={ROLE_HINTS[role]}
          error={errors.role}
          options={roles.map((value) => ({ value, label: ROLE_LABELS[value] }))}
        />
        {invite.isError && Object.keys(errors).length === 0 ? (
          <Alert tone="error">
            <p>{requestErrorMessage(invite.error)}</p>
          </Alert>
        ) : null}
        <div>
          <SubmitButton pending={invite.isPending} pendingLabel="Sending invitation...">
            Send invitation
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
