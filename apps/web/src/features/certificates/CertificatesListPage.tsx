import { certificateStates } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses, textLinkClasses } from '../../components/ui/Button.tsx';
import { ListSearch } from '../../components/ui/ListSearch.tsx';
import { MadeByToggle } from '../../components/ui/MadeByToggle.tsx';
import { toast } from '../../components/ui/notifications/index.ts';
import { PageColumn } from '../../components/ui/PageColumn.tsx';
import { LoadMore } from '../../components/ui/PagedList.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { loadedItems } from '../../lib/paged-lists.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { useUpgradePath } from '../../lib/upgrade-path.ts';
import { useListFilters } from '../../lib/use-list-filters.ts';
import { isTeamList, makerLabel, useMadeByFilter } from '../../lib/use-made-by-filter.ts';
import { useCertificates } from './api/get-certificates.ts';
import { useMonthlyUsage } from './api/get-monthly-usage.ts';
import { cacheCertificates, readCachedCertificates } from './certificate-cache.ts';
import { CertificateListItem } from './components/CertificateListItem.tsx';
import { WaitingCertificates } from './components/WaitingCertificates.tsx';
import { emptyListMessage } from './draft-copy.ts';
import { useWaitingCertificates } from './waiting-certificates.ts';

export default function CertificatesListPage() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return null; // The route is guarded; this only narrows the type.
  return <CertificateList userId={auth.session.user.id} />;
}

function CertificateList({ userId }: { userId: string }) {
  const { filters, searchText, setSearchText, setStatus } = useListFilters(certificateStates);
  const { madeBy, setMadeBy } = useMadeByFilter(userId);
  const unfiltered = !filters.status && !filters.q && !madeBy;
  // The saved copy covers the unfiltered list only; it is read once, when the page opens.
  const [cached] = useState(() => readCachedCertificates(localStorage, userId));

  const list = useCertificates(userId, { ...filters, made_by: madeBy });
  const loaded = loadedItems(list.data);
  const rows = useRef<HTMLUListElement>(null);

  // Keep the local copy in step with what the server last said (PRODUCT.md, API conventions).
  useEffect(() => {
    if (unfiltered && list.data) {
      cacheCertificates(localStorage, userId, loadedItems(list.data) ?? []);
    }
  }, [unfiltered, list.data, userId]);

  useEffect(() => {
    if (!list.isError) return;
    toast({
      title: 'Failed to load certificates',
      description: requestErrorMessage(list.error),
      variant: 'destructive',
    });
  }, [list.isError, list.error]);

  // Certificates with changes on this phone not yet sent show "Waiting to sync" (WaitingCertificates lists them too).
  const { changes: waitingChanges, waitingIds } = useWaitingCertificates(userId);

  const showingCache = !loaded && unfiltered && cached.length > 0;
  const items = loaded ?? (unfiltered ? cached : []);
  const team = isTeamList(items, userId, madeBy);

  return (
    <PageColumn
      title="Certificates"
      actions={
        <Link to="/certificates/new" className={buttonClasses()}>
          New certificate
        </Link>
      }
    >
      <div className="flex flex-col gap-5">
        <MonthlyUsage userId={userId} />
        <WaitingCertificates changes={waitingChanges} />
        <ListSearch
          label="Search by address"
          searchText={searchText}
          onSearchText={setSearchText}
          status={filters.status}
          statuses={[
            { value: 'draft', label: 'Drafts' },
            { value: 'in_review', label: 'In review' },
            { value: 'completed', label: 'Completed' },
          ]}
          onStatus={setStatus}
        />
        {team ? <MadeByToggle value={madeBy} onChange={setMadeBy} /> : null}

        {showingCache && list.isFetching ? (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
            Showing the copy saved on this device while the latest list loads...
          </p>
        ) : null}
        {list.isError && !list.isFetchNextPageError ? (
          <div className="flex flex-col items-start gap-3">
            <Alert tone="error">
              Your certificates could not be loaded. {requestErrorMessage(list.error)}
              {items.length > 0 ? ' The list below may be out of date.' : null}
            </Alert>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}

        {items.length > 0 ? (
          <ul ref={rows} className="flex flex-col gap-3">
            {items.map((item) => (
              <CertificateListItem
                key={item.id}
                certificate={item}
                waiting={waitingIds.has(item.id)}
                maker={team ? makerLabel(item.made_by, userId) : null}
              />
            ))}
          </ul>
        ) : list.isPending ? (
          <Spinner label="Loading certificates..." />
        ) : list.isSuccess ? (
          <EmptyList filtered={!unfiltered} onPhone={waitingChanges.length > 0} />
        ) : null}

        <LoadMore list={list} rows={rows} shown={items.length} what="certificates" />
      </div>
    </PageColumn>
  );
}

/** `onPhone`: certificates this phone has that the server does not, listed above. */
function EmptyList({ filtered, onPhone }: { filtered: boolean; onPhone: boolean }) {
  if (filtered) return <p>No certificates match. Try another part of the address, or choose All.</p>;
  // The certificates above, on this phone, are the user's first: no "create your first" then.
  if (onPhone) return <p>None saved to your account yet: those above are on this phone.</p>;
  return (
    <div className="flex flex-col items-start gap-3">
      <p>{emptyListMessage}</p>
      <Link to="/certificates/new" className={buttonClasses()}>
        Create your first certificate
      </Link>
    </div>
  );
}

/** The free plan's allowance this month; nothing for premium, or when it cannot be loaded. */
function MonthlyUsage({ userId }: { userId: string }) {
  const usage = useMonthlyUsage(userId);
  const upgradePath = useUpgradePath();
  if (!usage.data || usage.data.limit === null) return null;
  const { completed, limit } = usage.data;
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      {completed} of {limit} completed certificates used this month on the free plan.{' '}
      <Link to={upgradePath} className={textLinkClasses}>
        Premium has no limit
      </Link>
      .
    </p>
  );
}
