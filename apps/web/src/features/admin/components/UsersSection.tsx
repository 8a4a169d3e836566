import type { AdminUser } from '@app/contract';
import { ADMIN_SEARCH_MAX_LENGTH, PREMIUM_REASON_MAX_LENGTH } from '@app/contract';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, SubmitOrCancel } from '../../../components/ui/Button.tsx';
import { QueryView } from '../../../components/ui/QueryView.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { fieldErrorsFrom, requestErrorMessage } from '../../../lib/request-errors.ts';
import { shortDate } from '../admin-dates.ts';
import { useChangePremiumMutation } from '../api/change-premium.ts';
import { useAdminUsers } from '../api/list-users.ts';
import { planOf, premiumChangeOf, reasonProblem } from '../premium-change.ts';
import { Pager, useCursorPages } from './Pager.tsx';

/** Users, searched by email or company, with their plan and complimentary Premium. */
export function UsersSection({ adminId }: { adminId: string }) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const pages = useCursorPages();
  const users = useAdminUsers(adminId, search, pages.cursor);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
    pages.reset();
  };
  return (
    <section aria-labelledby="admin-users" className="flex flex-col gap-4">
      <h2 id="admin-users" className="text-xl font-semibold">
        Users
      </h2>
      <search>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <TextField
            className="min-w-0 flex-1"
            label="Search by email or company"
            type="search"
            maxLength={ADMIN_SEARCH_MAX_LENGTH}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit">Search</Button>
        </form>
      </search>
      <QueryView query={users} what="the users">
        {(view) => (
          <>
            {view.users.length === 0 ? <p>No users match.</p> : null}
            <ul className="flex flex-col gap-3">
              {view.users.map((user) => (
                <UserCard key={user.id} adminId={adminId} user={user} />
              ))}
            </ul>
            <Pager what="Users" pages={pages} nextCursor={view.next_cursor} />
          </>
        )}
      </QueryView>
    </section>
  );
}

function UserCard({ adminId, user }: { adminId: string; user: AdminUser }) {
  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <p className="font-semibold break-all">{user.email}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Company</dt>
        <dd>{user.company_name ?? 'Not set'}</dd>
        <dt className="font-medium">Plan</dt>
        <dd>{planOf(user)}</dd>
        <dt className="font-medium">Certificates this month</dt>
        <dd>{user.certificates_this_month}</dd>
        <dt className="font-medium">Signed up</dt>
        <dd>{shortDate(user.created_at)}</dd>
        <dt className="font-medium">Last sign-in</dt>
        <dd>{user.last_sign_in_at ? shortDate(user.last_sign_in_at) : 'Never'}</dd>
      </dl>
      <PremiumChange adminId={adminId} user={user} />
    </li>
  );
}

/** Grant or revoke complimentary Premium (if either applies); the reason is required and kept in the audit log. */
function PremiumChange({ adminId, user }: { adminId: string; user: AdminUser }) {
  const offered = premiumChangeOf(user);
  return offered ? <PremiumChangeForm adminId={adminId} user={user} {...offered} /> : null;
}

function PremiumChangeForm({
  adminId,
  user,
  action,
  verb,
}: {
  adminId: string;
  user: AdminUser;
  action: 'grant' | 'revoke';
  verb: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const change = useChangePremiumMutation(adminId);

  if (!open) {
    return (
      <Button
        variant="secondary"
        className="mt-3"
        aria-label={`${verb}: ${user.email}`}
        onClick={() => {
          setOpen(true);
          change.reset();
        }}
      >
        {verb}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = reasonProblem(reason);
    setProblem(missing);
    if (missing) return;
    change.mutate(
      { action, userId: user.id, reason },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-3">
      <TextField
        label={`Reason to ${action} complimentary Premium for ${user.email}`}
        maxLength={PREMIUM_REASON_MAX_LENGTH}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={problem ?? fieldErrorsFrom(change.error).reason}
      />
      {change.isError && !fieldErrorsFrom(change.error).reason ? (
        <Alert tone="error">{requestErrorMessage(change.error)}</Alert>
      ) : null}
      <SubmitOrCancel
        pending={change.isPending}
        pendingLabel="Saving..."
        onCancel={() => setOpen(false)}
        className="flex flex-wrap gap-3"
      >
        {verb}
      </SubmitOrCancel>
    </form>
  );
}
