import { type ActivityEntry, type DocumentKind, documentKindDeclarations, documentKinds } from '@app/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { textLinkClasses } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { PageColumn } from '../../components/ui/PageColumn.tsx';
import { PagedList } from '../../components/ui/PagedList.tsx';
import { QueryView } from '../../components/ui/QueryView.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { useTeamQuery } from '../../lib/team/team.ts';
import { activitySentence, recordLink } from './activity-words.ts';
import { type ActivityFilter, useActivity } from './api/get-activity.ts';
import { activityTime } from './dates.ts';
import { nameOf } from './member-name.ts';

/**
 * /team/activity (ADR 0090): the owner's view of what the business's members did, from the audit
 * trail, newest first, by member or kind of record. Other roles are told it is the owner's; the
 * server refuses them anyway.
 */
export default function ActivityPage() {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.session.user.id : '';
  const team = useTeamQuery(userId);
  return (
    <QueryView query={team} what="your team">
      {({ you, members }) => (
        <PageColumn
          title="Activity"
          intro={
            <p>
              What your team did, newest first. Activity is listed from when teams began; earlier events are not shown.{' '}
              <Link to="/team" className={textLinkClasses}>
                Back to Team
              </Link>
            </p>
          }
        >
          {you.role === 'owner' ? (
            <ActivityList
              userId={userId}
              members={members.map((member) => ({ id: member.user_id, name: nameOf(member) }))}
            />
          ) : (
            <p>Only the owner of the business sees its activity. Ask them if you need to know who did what.</p>
          )}
        </PageColumn>
      )}
    </QueryView>
  );
}

const ALL = '';

function ActivityList({ userId, members }: { userId: string; members: { id: string; name: string }[] }) {
  const [filter, setFilter] = useState<ActivityFilter>({});
  const activity = useActivity(userId, filter);
  const timeZone = activity.data?.pages[0]?.time_zone;
  const filtered = filter.member !== undefined || filter.kind !== undefined;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Member"
          value={filter.member ?? ALL}
          onChange={(event) => setFilter({ ...filter, member: event.target.value || undefined })}
          options={[{ value: ALL, label: 'Everyone' }, ...members.map(({ id, name }) => ({ value: id, label: name }))]}
        />
        <Select
          label="Kind of record"
          value={filter.kind ?? ALL}
          onChange={(event) =>
            setFilter({ ...filter, kind: (event.target.value || undefined) as DocumentKind | undefined })
          }
          options={[
            { value: ALL, label: 'Every kind' },
            ...documentKinds.map((kind) => ({ value: kind, label: documentKindDeclarations[kind].shortName })),
          ]}
        />
      </div>
      <PagedList
        list={activity}
        what="activity"
        label="Activity"
        empty={
          <EmptyState title={filtered ? 'Nothing matches' : 'No activity yet'}>
            {filtered
              ? 'Nothing your team did matches these choices. Choose Everyone and Every kind to see it all.'
              : 'When your team issues, amends or deletes records, or members join, it is listed here.'}
          </EmptyState>
        }
      >
        {(items) => items.map((entry) => <ActivityRow key={entry.id} entry={entry} timeZone={timeZone} />)}
      </PagedList>
    </div>
  );
}

function ActivityRow({ entry, timeZone }: { entry: ActivityEntry; timeZone: string | undefined }) {
  const link = recordLink(entry);
  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <p className="break-words">{activitySentence(entry)}</p>
      <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600 dark:text-slate-300">
        <time dateTime={entry.occurred_at}>{activityTime(entry.occurred_at, timeZone)}</time>
        {link ? (
          <Link to={link.to} className={textLinkClasses}>
            {link.label}
          </Link>
        ) : null}
      </p>
    </li>
  );
}
