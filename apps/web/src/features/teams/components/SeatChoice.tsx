import type { TeamMember } from '@app/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { SubmitButton } from '../../../components/ui/Button.tsx';
import { Checkbox } from '../../../components/ui/Checkbox.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { useChooseSeatsMutation } from '../api/choose-seats.ts';
import { nameOf } from '../member-name.ts';
import { roomForAnother, seatedOthers } from '../seat-choice.ts';

/**
 * The owner's choice of who keeps a seat once the members outnumber the seats (ADR 0077): the owner
 * always keeps one, so their box stays checked; boxes past the seats cannot be checked. The server
 * checks the count anyway and its refusal is shown as it is.
 */
export function SeatChoice({
  userId,
  members,
  seats,
}: {
  userId: string;
  members: readonly TeamMember[];
  seats: number;
}) {
  const choose = useChooseSeatsMutation(userId);
  const [chosen, setChosen] = useState(() => seatedOthers(members, userId));
  const room = roomForAnother(chosen, seats);
  const toggle = (memberId: string, keep: boolean) =>
    setChosen((current) => (keep ? [...current, memberId] : current.filter((id) => id !== memberId)));
  return (
    <section aria-labelledby="seat-choice-heading" className="flex flex-col gap-3">
      <h2 id="seat-choice-heading" className="text-xl font-semibold">
        Who keeps a seat
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Your team has more members than seats. Members without a seat can view records but not create or change them.
      </p>
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          choose.mutate(chosen, { onSuccess: () => toast({ title: 'Seats saved' }) });
        }}
      >
        <fieldset className="flex flex-col">
          <legend className="font-semibold">Members who keep a seat</legend>
          {members.map((member) =>
            member.user_id === userId ? (
              <Checkbox key={member.user_id} label={`${nameOf(member)} (you)`} checked disabled onChange={() => {}} />
            ) : (
              <Checkbox
                key={member.user_id}
                label={nameOf(member)}
                checked={chosen.includes(member.user_id)}
                disabled={!room && !chosen.includes(member.user_id)}
                onChange={(keep) => toggle(member.user_id, keep)}
              />
            ),
          )}
        </fieldset>
        <p aria-live="polite" className="text-sm">
          {chosen.length + 1} of {seats} seats chosen, you included.
        </p>
        {choose.isError ? <Alert tone="error">{requestErrorMessage(choose.error)}</Alert> : null}
        <SubmitButton pending={choose.isPending} pendingLabel="Saving…" className="w-full sm:w-auto">
          Save who keeps a seat
        </SubmitButton>
      </form>
    </section>
  );
}
